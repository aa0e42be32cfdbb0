# Exact statistics with Fraction and Decimal inputs
from decimal import Decimal
from fractions import Fraction
from statistics import mean, median, variance

prices = [Decimal("19.99"), Decimal("5.49"), Decimal("12.00"), Decimal("7.25")]
print("mean price:", mean(prices))
print("median price:", median(prices))
parts = [Fraction(1, 3), Fraction(1, 6), Fraction(1, 2), Fraction(2, 3)]
print("mean of fractions:", mean(parts))
print("variance of fractions:", variance(parts))
