# Extract all string literals from code, e.g. to find messages for translation.
import ast

CODE = '''
def greet(user):
    if not user:
        raise ValueError("user is required")
    print("Welcome back, " + user)
    log("greeted", level="info")
    return f"Hi {user}"

MESSAGES = {"bye": "Goodbye!", "err": "Something went wrong"}
'''


class StringFinder(ast.NodeVisitor):
    def __init__(self):
        self.found = []

    def visit_Constant(self, node):
        if isinstance(node.value, str):
            self.found.append((node.lineno, node.value))

    def visit_JoinedStr(self, node):
        self.found.append((node.lineno, "<f-string>"))


finder = StringFinder()
finder.visit(ast.parse(CODE))
for lineno, text in sorted(finder.found):
    print(f"line {lineno}: {text!r}")
print("distinct strings:", len({t for _, t in finder.found}))
