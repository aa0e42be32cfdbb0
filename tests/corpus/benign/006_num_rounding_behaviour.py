# Why does round(2.675, 2) give 2.67? Exploring float rounding
from decimal import Decimal

print(round(2.675, 2))
print(Decimal(2.675))
print([round(x) for x in (0.5, 1.5, 2.5, 3.5, -0.5, -1.5)])
print(round(1234.5678, -2), round(1234.5678, 1))
print(0.1 + 0.2, 0.1 + 0.2 == 0.3, abs((0.1 + 0.2) - 0.3) < 1e-9)
print(f"{0.1 + 0.2:.17f}")
print((2.0).is_integer(), (2.5).is_integer())
print(int(3.99), int(-3.99), float("1e-3"), float("inf") > 1e308)
