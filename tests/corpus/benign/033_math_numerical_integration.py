# Integrate functions numerically with the trapezoid and Simpson's rules
import math
from typing import Callable


def trapezoid(f: Callable[[float], float], a: float, b: float, n: int) -> float:
    h = (b - a) / n
    return h * (f(a) / 2 + sum(f(a + i * h) for i in range(1, n)) + f(b) / 2)


def simpson(f: Callable[[float], float], a: float, b: float, n: int) -> float:
    h = (b - a) / n
    total = f(a) + f(b)
    total += sum((4 if i % 2 else 2) * f(a + i * h) for i in range(1, n))
    return total * h / 3


for n in (4, 16, 64):
    t = trapezoid(math.sin, 0, math.pi, n)
    s = simpson(math.sin, 0, math.pi, n)
    print(f"n={n:>3}: trapezoid={t:.10f} simpson={s:.10f} (exact 2)")
print(f"Gaussian integral approx: {simpson(lambda x: math.exp(-x * x), -6, 6, 200):.10f}")
print(f"sqrt(pi) = {math.sqrt(math.pi):.10f}")
