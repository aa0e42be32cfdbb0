# Nested exception groups and except* handling order
def risky() -> None:
    raise ExceptionGroup("outer", [
        ValueError("v1"),
        ExceptionGroup("inner", [TypeError("t1"), ValueError("v2")]),
        KeyError("k1"),
    ])


try:
    risky()
except* ValueError as eg:
    print("ValueErrors:", eg.exceptions)
except* TypeError as eg:
    print("TypeErrors:", eg.exceptions)
except* LookupError as eg:
    print("LookupErrors:", eg.exceptions)
eg = ExceptionGroup("g", [ValueError(1), TypeError(2)])
print(repr(eg))
print(str(eg), len(eg.exceptions))
print(isinstance(eg, Exception), issubclass(ExceptionGroup, BaseExceptionGroup))
