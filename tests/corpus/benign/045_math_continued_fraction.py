# Continued fraction expansions and convergents of irrational numbers
import math
from fractions import Fraction


def expansion(x: float, terms: int) -> list[int]:
    out = []
    for _ in range(terms):
        a = math.floor(x)
        out.append(a)
        if x == a:
            break
        x = 1 / (x - a)
    return out


def convergents(cf: list[int]) -> list[Fraction]:
    result = []
    for i in range(1, len(cf) + 1):
        value = Fraction(cf[i - 1])
        for a in reversed(cf[: i - 1]):
            value = a + 1 / value
        result.append(value)
    return result


for name, x in [("pi", math.pi), ("e", math.e), ("sqrt2", math.sqrt(2)), ("phi", (1 + math.sqrt(5)) / 2)]:
    cf = expansion(x, 8)
    print(name, cf, [str(c) for c in convergents(cf)[-3:]])
