# Report which functions in a source listing lack docstrings (text processing only).
SOURCE = '''
def __init__(self):
    """Create the object."""
def area(self):
    return 1
def __repr__(self):
    return "x"
def perimeter(self):
    """Return the perimeter."""
    return 4
'''

lines = SOURCE.strip().splitlines()
report = []
for i, line in enumerate(lines):
    if line.startswith("def "):
        name = line[4:line.index("(")]
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        documented = nxt.startswith('"""')
        special = name.startswith("__") and name.endswith("__")
        report.append((name, documented, special))

for name, documented, special in report:
    tag = "special" if special else "regular"
    print(f"{name:<12} {tag:<8} {'documented' if documented else 'MISSING docstring'}")
missing = [n for n, d, s in report if not d and not s]
print("regular functions missing docs:", missing)
