# Use sys.float_info to write a robust float comparison helper.
import sys

eps = sys.float_info.epsilon
print("epsilon:", eps)
print("max:", sys.float_info.max)
print("min positive normal:", sys.float_info.min)
print("mantissa digits:", sys.float_info.mant_dig, "decimal digits:", sys.float_info.dig)


def almost_equal(a: float, b: float, ulps: int = 4) -> bool:
    return abs(a - b) <= ulps * eps * max(abs(a), abs(b), 1.0)


print("0.1 + 0.2 == 0.3:", 0.1 + 0.2 == 0.3)
print("almost_equal(0.1 + 0.2, 0.3):", almost_equal(0.1 + 0.2, 0.3))
print("1 + eps > 1:", 1.0 + eps > 1.0, " 1 + eps/2 > 1:", 1.0 + eps / 2 > 1.0)
print("overflow to inf:", sys.float_info.max * 2)
