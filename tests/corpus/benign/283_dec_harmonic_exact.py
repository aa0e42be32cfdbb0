# Harmonic numbers exactly, and where they first exceed an integer
from fractions import Fraction

h = Fraction(0)
targets = iter([1, 2, 3])
target = next(targets)
for n in range(1, 40):
    h += Fraction(1, n)
    if n <= 6:
        print(f"H({n}) = {h}")
    if h > target:
        print(f"H(n) first exceeds {target} at n={n} ({float(h):.6f})")
        target = next(targets, None)
        if target is None:
            break
