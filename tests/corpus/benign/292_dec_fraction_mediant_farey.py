# Generate the Farey sequence of order n with fractions
from fractions import Fraction


def farey(n: int) -> list[Fraction]:
    return sorted({Fraction(p, q) for q in range(1, n + 1) for p in range(0, q + 1)})


for n in range(1, 6):
    print(f"F{n}: " + " ".join(str(f) for f in farey(n)))
print("length of F8:", len(farey(8)))
