# Count keywords and special names in a block of Python source held as a string.
import keyword
import re
from collections import Counter

SNIPPET = '''
class Stack:
    def __init__(self):
        self.items = []
    def __len__(self):
        return len(self.items)
    def push(self, item):
        self.items.append(item)
    def pop(self):
        if not self.items:
            raise IndexError("empty")
        return self.items.pop()
'''

tokens = re.findall(r"\b\w+\b", SNIPPET)
kw = Counter(t for t in tokens if keyword.iskeyword(t))
special = Counter(t for t in tokens if re.fullmatch(r"__\w+__", t))
print("keywords:", sorted(kw.items()))
print("special names:", sorted(special.items()))
print("lines of code:", len([l for l in SNIPPET.splitlines() if l.strip()]))
