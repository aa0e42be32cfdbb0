# Find which modules a script imports, without running it.
import ast

SCRIPT = """
import os, sys
import numpy as np
from collections import Counter, defaultdict
from . import helpers
from pathlib import Path

def main():
    import json
    return json.dumps({})
"""

modules = set()
for node in ast.walk(ast.parse(SCRIPT)):
    if isinstance(node, ast.Import):
        modules.update(alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            modules.add("." * node.level + (node.module or ""))
        else:
            modules.add(node.module)

print("imports:", sorted(modules))
stdlib_guess = {"os", "sys", "collections", "pathlib", "json"}
print("third party:", sorted(m for m in modules if m not in stdlib_guess and not m.startswith(".")))
