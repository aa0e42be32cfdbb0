# Given the method names a class defines (as strings), decide which protocols it supports.
PROTOCOLS = {
    "iterable": {"__iter__"},
    "iterator": {"__iter__", "__next__"},
    "sized": {"__len__"},
    "container": {"__contains__"},
    "sequence": {"__getitem__", "__len__"},
    "context manager": {"__enter__", "__exit__"},
    "hashable": {"__hash__", "__eq__"},
}

classes = {
    "LinkedList": ["__init__", "__iter__", "__len__", "append", "__contains__"],
    "FileLock": ["__init__", "__enter__", "__exit__", "acquire", "release"],
    "Counter": ["__init__", "__iter__", "__next__"],
    "Point": ["__init__", "__eq__", "__hash__", "__getitem__", "__len__"],
}

for cls_name, methods in classes.items():
    defined = set(methods)
    supported = [p for p, needed in PROTOCOLS.items() if needed <= defined]
    print(f"{cls_name}: {', '.join(supported) or 'none'}")
