# Check a batch of user-submitted snippets for syntax errors with ast.parse.
import ast

snippets = {
    "ok_loop": "for i in range(3):\n    print(i)",
    "missing_colon": "if x > 1\n    y = 2",
    "bad_indent": "def f():\nreturn 1",
    "ok_lambda": "square = lambda x: x * x",
    "unclosed": "values = [1, 2, 3",
}

for name, code in snippets.items():
    try:
        tree = ast.parse(code)
    except SyntaxError as err:
        print(f"{name:<14} SyntaxError line {err.lineno}: {err.msg}")
    else:
        print(f"{name:<14} ok ({len(tree.body)} statement(s))")
