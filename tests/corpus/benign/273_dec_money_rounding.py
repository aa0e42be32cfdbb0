# Exact money arithmetic with Decimal and banker's vs half-up rounding
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

prices = [Decimal("19.99"), Decimal("5.005"), Decimal("0.10"), Decimal("2.675")]
print("float sum:", sum(float(p) for p in prices))
print("Decimal sum:", sum(prices))
cent = Decimal("0.01")
for p in prices:
    print(p, "half-up:", p.quantize(cent, rounding=ROUND_HALF_UP), "half-even:", p.quantize(cent, rounding=ROUND_HALF_EVEN))
print(Decimal("0.1") + Decimal("0.2") == Decimal("0.3"))
