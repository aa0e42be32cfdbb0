# Why Decimal(0.1) differs from Decimal("0.1")
from decimal import Decimal

print(Decimal(0.1))
print(Decimal("0.1"))
print(Decimal(0.5), Decimal(1.25))
total_f = 0.0
total_d = Decimal("0")
for _ in range(10):
    total_f += 0.1
    total_d += Decimal("0.1")
print(total_f, total_d, total_f == 1.0, total_d == 1)
print(Decimal("1.10").normalize(), Decimal("100").normalize(), Decimal("1E+2").to_integral_value())
print(Decimal.from_float(0.1).quantize(Decimal("0.0001")))
