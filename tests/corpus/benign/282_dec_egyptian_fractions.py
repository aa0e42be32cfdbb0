# Greedy Egyptian fraction decomposition
import math
from fractions import Fraction


def egyptian(f: Fraction) -> list[Fraction]:
    parts = []
    while f.numerator != 0:
        unit = Fraction(1, math.ceil(f.denominator / f.numerator))
        parts.append(unit)
        f -= unit
    return parts


def main() -> None:
    for f in [Fraction(4, 13), Fraction(5, 6), Fraction(7, 15), Fraction(2, 3)]:
        parts = egyptian(f)
        print(f"{f} = " + " + ".join(str(p) for p in parts), "| check:", sum(parts) == f)


if __name__ == "__main__":
    main()
