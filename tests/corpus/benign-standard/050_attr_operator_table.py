# Evaluate (a, op, b) problems by looking up operator functions by name with getattr.
import operator

OPS = {"+": "add", "-": "sub", "*": "mul", "//": "floordiv", "%": "mod", "**": "pow"}

problems = [(7, "+", 5), (7, "-", 12), (6, "*", 7), (17, "//", 5), (17, "%", 5), (2, "**", 10), (3, "^", 4)]

for a, sym, b in problems:
    name = OPS.get(sym)
    fn = getattr(operator, name, None) if name else None
    if fn is None:
        print(f"{a} {sym} {b}: unsupported operator")
    else:
        print(f"{a} {sym} {b} = {fn(a, b)}")
print("operator module has truediv:", hasattr(operator, "truediv"))
