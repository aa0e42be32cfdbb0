# Finding good rational approximations with limit_denominator
import math
from fractions import Fraction

for value, name in [(math.pi, "pi"), (math.e, "e"), (math.sqrt(2), "sqrt(2)"), (0.333333, "0.333333")]:
    approximations = [Fraction(value).limit_denominator(d) for d in (10, 100, 1000)]
    print(f"{name:<9}", ", ".join(f"{f} ({float(f) - value:+.2e})" for f in approximations))
print(Fraction(0.1), "->", Fraction(0.1).limit_denominator())
