# Converting between Fraction, Decimal and float
from decimal import Decimal
from fractions import Fraction

d = Decimal("3.1416")
f = Fraction(d)
print(f, f.as_integer_ratio())
print(Fraction(Decimal("0.1")), Fraction(0.1) == Fraction(Decimal("0.1")))
print(Decimal(f.numerator) / Decimal(f.denominator))
print(float(Fraction(22, 7)), Decimal(22) / Decimal(7))
print(Fraction(3, 4) + Fraction(Decimal("0.25")))
