# List function signatures (names, arguments, defaults) from source code.
import ast

SOURCE = '''
def area(width, height=1):
    """Rectangle area."""
    return width * height

def greet(name, *, greeting="Hello", punctuation="!"):
    return f"{greeting}, {name}{punctuation}"

async def fetch(url, timeout=10, *headers, **options):
    pass

class Shape:
    def scale(self, factor):
        pass
'''

tree = ast.parse(SOURCE)
for node in ast.walk(tree):
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        args = [a.arg for a in node.args.args]
        kwonly = [a.arg for a in node.args.kwonlyargs]
        n_defaults = len(node.args.defaults) + sum(d is not None for d in node.args.kw_defaults)
        extras = []
        if node.args.vararg:
            extras.append("*" + node.args.vararg.arg)
        if node.args.kwarg:
            extras.append("**" + node.args.kwarg.arg)
        kind = "async " if isinstance(node, ast.AsyncFunctionDef) else ""
        doc = ast.get_docstring(node) or "-"
        print(f"{kind}{node.name}: args={args} kwonly={kwonly} extras={extras} defaults={n_defaults} doc={doc}")
