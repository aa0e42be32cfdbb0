# Callable type hints for higher-order functions
from typing import Callable

Transform = Callable[[float], float]


def compose(*funcs: Transform) -> Transform:
    def composed(x: float) -> float:
        for f in funcs:
            x = f(x)
        return x
    return composed


def apply_all(values: list[float], f: Transform) -> list[float]:
    return [f(v) for v in values]


double: Transform = lambda x: x * 2
inc: Transform = lambda x: x + 1
pipeline = compose(double, inc, double)
print(apply_all([1, 2, 3], pipeline))
handlers: dict[str, Callable[[int, int], int]] = {"add": lambda a, b: a + b, "mul": lambda a, b: a * b}
print({name: h(6, 7) for name, h in handlers.items()})
