# Show the AST of a few expressions with ast.dump.
import ast

for expr in ["1 + 2 * 3", "x if y else z", "f(a, b=2)", "not (a and b)"]:
    tree = ast.parse(expr, mode="eval")
    print(f"{expr!r}:")
    print("   ", ast.dump(tree.body))

print(ast.dump(ast.parse("x = [1, 2]"), indent=2))
