# Building Decimals from tuples and inspecting exponent/digits
from decimal import Decimal

d = Decimal((0, (3, 1, 4, 1, 5), -4))
print(d, d.as_tuple(), d.adjusted())
neg = Decimal((1, (2, 5), 1))
print(neg, neg.is_signed(), neg.to_eng_string())
print(Decimal("123E+5").to_eng_string(), Decimal("0.000001234").to_eng_string())
print(Decimal("1.000").quantize(Decimal("1")), Decimal("2.50").same_quantum(Decimal("1.00")))
print(sorted([Decimal("2.5"), Decimal("-1"), Decimal("2.50"), Decimal("0.1")]))
