# Build a file-size tree from nested SimpleNamespace nodes and total it recursively.
from types import SimpleNamespace as NS

tree = NS(name="project", children=[
    NS(name="src", children=[NS(name="main.py", size=1200), NS(name="util.py", size=800)]),
    NS(name="docs", children=[NS(name="index.md", size=450)]),
    NS(name="README.md", size=300),
])


def total(node):
    if hasattr(node, "children"):
        return sum(total(c) for c in node.children)
    return node.size


def show(node, depth=0):
    print("  " * depth + f"{node.name} ({total(node)} B)")
    for child in getattr(node, "children", []):
        show(child, depth + 1)


show(tree)
