# Build a simple call graph: which functions call which, from source text.
import ast

SOURCE = """
def load(path):
    return parse(read(path))

def read(path):
    return path

def parse(text):
    return clean(text).split()

def clean(text):
    return text.strip()

def main():
    data = load("x")
    report(data)

def report(data):
    print(len(data))
"""

tree = ast.parse(SOURCE)
defined = {f.name for f in tree.body if isinstance(f, ast.FunctionDef)}
graph = {}
for fn in tree.body:
    if isinstance(fn, ast.FunctionDef):
        calls = {n.func.id for n in ast.walk(fn)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        graph[fn.name] = sorted(calls & defined)

for name in sorted(graph):
    print(f"{name} -> {graph[name]}")
called = {c for cs in graph.values() for c in cs}
print("entry points:", sorted(defined - called))
