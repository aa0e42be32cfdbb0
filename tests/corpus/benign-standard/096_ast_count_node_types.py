# Count the kinds of AST nodes in a small program.
import ast
from collections import Counter

SOURCE = """
def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

result = [fib(i) for i in range(10)]
print(result)
"""

tree = ast.parse(SOURCE)
counts = Counter(type(node).__name__ for node in ast.walk(tree))
for name, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:8]:
    print(f"{name:<14} {n}")
print("total nodes:", sum(counts.values()))
print("functions:", [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)])
