# Build a lookup table from operator symbols to their special-method names.
OPERATOR_METHODS = {
    "+": "__add__",
    "-": "__sub__",
    "*": "__mul__",
    "/": "__truediv__",
    "//": "__floordiv__",
    "%": "__mod__",
    "**": "__pow__",
    "==": "__eq__",
    "<": "__lt__",
}

reverse = {name: sym for sym, name in OPERATOR_METHODS.items()}


def reflected(name: str) -> str:
    """'__add__' -> '__radd__' for arithmetic operators."""
    if name in ("__eq__", "__lt__"):
        return {"__eq__": "__eq__", "__lt__": "__gt__"}[name]
    return "__r" + name[2:]


for sym in ("+", "**", "<", "=="):
    name = OPERATOR_METHODS[sym]
    print(f"{sym:>2}: {name:<14} reflected {reflected(name)}")
print("symbol for __mod__:", reverse["__mod__"])
print("names longer than 8 chars:", sorted(n for n in OPERATOR_METHODS.values() if len(n) > 8))
