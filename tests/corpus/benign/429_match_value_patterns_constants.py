# Value patterns use dotted names (constants on a class or module)
import math


class Limits:
    ZERO = 0
    MAX = 100


def bucket(x: float) -> str:
    match x:
        case Limits.ZERO:
            return "zero"
        case Limits.MAX:
            return "max"
        case math.inf:
            return "infinite"
        case float() | int() if x < 0:
            return "negative"
        case _:
            return "in range" if x < Limits.MAX else "over"


for v in [0, 100, math.inf, -1.5, 42, 150.0]:
    print(v, bucket(v))
