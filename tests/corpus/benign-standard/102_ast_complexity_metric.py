# Estimate the cyclomatic complexity of each function in a source string.
import ast

SOURCE = """
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    for d in range(2, n):
        if n % d == 0 and d > 1:
            return "composite"
    return "prime-ish"

def simple(x):
    return x + 1

def loop(items):
    out = []
    while items:
        x = items.pop()
        out.append(x if x > 0 else -x)
    return out
"""

BRANCHES = (ast.If, ast.For, ast.While, ast.IfExp, ast.BoolOp, ast.ExceptHandler, ast.comprehension)

for fn in ast.parse(SOURCE).body:
    if isinstance(fn, ast.FunctionDef):
        score = 1 + sum(isinstance(n, BRANCHES) for n in ast.walk(fn))
        lines = fn.end_lineno - fn.lineno + 1
        print(f"{fn.name:<9} complexity={score} lines={lines}")
