# A counting decorator that preserves metadata with functools.wraps
import functools


def count_calls(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        return func(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


@count_calls
def greet(name: str) -> str:
    """Return a friendly greeting."""
    return f"Hi {name}"


for n in ["ann", "bob", "cid"]:
    print(greet(n))
print(greet.calls, greet.__name__, greet.__doc__)
print(greet.__wrapped__("direct"), greet.calls)
