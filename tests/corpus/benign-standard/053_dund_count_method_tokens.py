# Count how often each method name is defined in a snippet of Python source text.
import re
from collections import Counter

SOURCE = '''
class Vector:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f"Vector({self.x}, {self.y})"
    def __add__(self, other):
        return Vector(self.x + other.x, self.y + other.y)
    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

class Matrix:
    def __init__(self, rows):
        self.rows = rows
    def __repr__(self):
        return f"Matrix({self.rows})"
'''

defs = Counter(re.findall(r"def (\w+)\(", SOURCE))
special = {name: n for name, n in defs.items() if name.startswith("__") and name.endswith("__")}
print("all defs:", dict(sorted(defs.items())))
print("special methods:", dict(sorted(special.items())))
print("most common:", defs.most_common(1))
