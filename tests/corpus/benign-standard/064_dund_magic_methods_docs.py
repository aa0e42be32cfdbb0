# A small reference of special method names and what triggers them, searchable by keyword.
REFERENCE = [
    ("__init__", "constructor", "obj = Cls()"),
    ("__repr__", "representation", "repr(obj)"),
    ("__len__", "size", "len(obj)"),
    ("__getitem__", "indexing", "obj[key]"),
    ("__contains__", "membership", "x in obj"),
    ("__enter__", "context manager", "with obj:"),
    ("__call__", "callable", "obj()"),
]


def search(term):
    term = term.lower()
    return [r for r in REFERENCE if term in r[0] or term in r[1] or term in r[2]]


for query in ("len", "obj[", "manager", "zzz"):
    hits = search(query)
    print(f"{query!r}: {[h[0] for h in hits] or 'no match'}")

width = max(len(name) for name, _, _ in REFERENCE)
for name, what, trigger in REFERENCE[:3]:
    print(f"{name:<{width}}  {what:<15} {trigger}")
