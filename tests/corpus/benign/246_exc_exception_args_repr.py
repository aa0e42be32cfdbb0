# Exception objects: args, str and repr
errors = [
    ValueError("bad value", 42),
    KeyError("missing_key"),
    OSError(2, "No such file or directory"),
    Exception(),
    UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"),
]
for e in errors:
    print(f"{type(e).__name__:<20} args={e.args!r:<45} str={str(e)!r}")
oe = errors[2]
print(oe.errno, oe.strerror, type(oe).__name__)
print(isinstance(KeyError(), LookupError), issubclass(ZeroDivisionError, ArithmeticError))
