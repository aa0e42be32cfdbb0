# A typed decorator using ParamSpec that logs calls
from functools import wraps
from typing import Callable, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def logged(func: Callable[P, R]) -> Callable[P, R]:
    @wraps(func)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        result = func(*args, **kwargs)
        print(f"{func.__name__}{args} {kwargs} -> {result!r}")
        return result
    return wrapper


@logged
def greet(name: str, punctuation: str = "!") -> str:
    return f"Hello, {name}{punctuation}"


@logged
def area(w: float, h: float) -> float:
    return w * h


greet("Ada")
greet("Bob", punctuation="?")
area(3, 4.5)
print(greet.__name__, greet.__doc__)
