# Exact probabilities of poker-style events using Fraction
from fractions import Fraction
from math import comb

total = comb(52, 5)
events = {
    "four of a kind": 13 * 48,
    "full house": 13 * comb(4, 3) * 12 * comb(4, 2),
    "flush (incl. straight flush)": 4 * comb(13, 5),
    "one pair": 13 * comb(4, 2) * comb(12, 3) * 4 ** 3,
}
for name, count in events.items():
    p = Fraction(count, total)
    print(f"{name:<30} {str(p):>12} = {float(p):.6f} (1 in {float(1 / p):,.1f})")
