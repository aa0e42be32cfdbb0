# Classify identifiers from a code string: public, private, or special (dunder).
import keyword
import re

CODE = """
import os
class Cache:
    __slots__ = ("_store", "limit")
    def __init__(self, limit):
        self._store = {}
        self.limit = limit
    def __len__(self):
        return len(self._store)
    def _evict(self):
        pass
if __name__ == "__main__":
    c = Cache(10)
"""

words = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", CODE)
kinds = {"keyword": set(), "special": set(), "private": set(), "public": set()}
for w in words:
    if keyword.iskeyword(w):
        kinds["keyword"].add(w)
    elif w.startswith("__") and w.endswith("__") and len(w) > 4:
        kinds["special"].add(w)
    elif w.startswith("_"):
        kinds["private"].add(w)
    else:
        kinds["public"].add(w)

for kind, names in kinds.items():
    print(f"{kind:<8} {sorted(names)}")
