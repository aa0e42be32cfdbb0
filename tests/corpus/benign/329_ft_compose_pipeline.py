# Function composition with reduce
from functools import reduce
from typing import Callable


def compose(*functions: Callable) -> Callable:
    return reduce(lambda f, g: lambda x: g(f(x)), functions, lambda x: x)


clean = compose(str.strip, str.lower, lambda s: s.replace(" ", "_"))
print([clean(s) for s in ["  Hello World ", "Data Science", " MIXED case Text"]])
numeric = compose(lambda x: x + 1, lambda x: x * 2, lambda x: x ** 2)
print([numeric(x) for x in range(4)])
