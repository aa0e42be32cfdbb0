# A tiny linter: flag bare excepts, mutable default arguments and print calls.
import ast

CODE = """
def add_item(item, bucket=[]):
    bucket.append(item)
    return bucket

def risky():
    try:
        return 1 / 0
    except:
        print("oops")

def fine(x, y=None):
    return x if y is None else x + y
"""

problems = []
for node in ast.walk(ast.parse(CODE)):
    if isinstance(node, ast.ExceptHandler) and node.type is None:
        problems.append((node.lineno, "bare except"))
    elif isinstance(node, ast.FunctionDef):
        for d in node.args.defaults:
            if isinstance(d, (ast.List, ast.Dict, ast.Set)):
                problems.append((node.lineno, f"mutable default in {node.name}()"))
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
        problems.append((node.lineno, "print call"))

for lineno, msg in sorted(problems):
    print(f"line {lineno}: {msg}")
print(f"{len(problems)} problem(s) found")
