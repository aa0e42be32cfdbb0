# Exact rational arithmetic with fractions.Fraction
from fractions import Fraction

a = Fraction(3, 4)
b = Fraction("2/3")
print(a + b, a - b, a * b, a / b)
print(Fraction(6, 8), Fraction("0.125"), Fraction(1.5), Fraction("-1.25e-2"))
print((a + b).numerator, (a + b).denominator)
print(float(a), int(Fraction(7, 2)), round(Fraction(7, 2)), round(Fraction(5, 2)))
print(sum(Fraction(1, n) for n in range(1, 11)))
print(Fraction(1, 3) == 1 / 3, Fraction(1, 2) == 0.5, Fraction(1, 3) < 0.34)
