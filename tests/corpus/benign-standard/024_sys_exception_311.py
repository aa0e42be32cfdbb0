# Use sys.exception() (3.11+) inside a generic error-logging helper.
import sys


def describe_current_error() -> str:
    err = sys.exception()
    if err is None:
        return "no error"
    return f"{type(err).__name__}: {err}"


def safe_divide(a, b):
    try:
        return a / b
    except (ZeroDivisionError, TypeError):
        print("  handled ->", describe_current_error())
        return None


for a, b in [(10, 2), (1, 0), ("x", 3), (9, 3)]:
    print(f"{a!r} / {b!r} = {safe_divide(a, b)}")
print("outside except:", describe_current_error())
