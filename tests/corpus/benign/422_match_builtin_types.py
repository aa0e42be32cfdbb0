# Matching on builtin types with class patterns like int(), str(), list()
def normalize(value: object) -> str:
    match value:
        case bool(b):
            return f"bool:{str(b).lower()}"
        case int(n) if n < 0:
            return f"negative int:{n}"
        case int(n):
            return f"int:{n}"
        case float(f):
            return f"float:{f:.2f}"
        case str(s) if s.isdigit():
            return f"numeric string:{int(s)}"
        case str(s):
            return f"string:{s.strip()!r}"
        case list() | tuple() as seq:
            return "seq[" + ",".join(normalize(x) for x in seq) + "]"
        case dict(d):
            return "dict{" + ",".join(f"{k}={normalize(v)}" for k, v in d.items()) + "}"
        case None:
            return "null"
        case _:
            return f"other:{type(value).__name__}"


for v in [True, -3, 7, 2.5, "42", "  hi ", [1, "a"], (None,), {"k": 1.0}, {1, 2}]:
    print(normalize(v))
