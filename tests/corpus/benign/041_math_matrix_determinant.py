# Determinant and inverse of small matrices using cofactor expansion
from fractions import Fraction

Matrix = list[list[Fraction]]


def det(m: Matrix) -> Fraction:
    if len(m) == 1:
        return m[0][0]
    return sum((-1) ** j * m[0][j] * det([row[:j] + row[j + 1:] for row in m[1:]]) for j in range(len(m)))


def inverse(m: Matrix) -> Matrix:
    n, d = len(m), det(m)
    cof = [[(-1) ** (i + j) * det([r[:j] + r[j + 1:] for k, r in enumerate(m) if k != i]) for j in range(n)] for i in range(n)]
    return [[cof[j][i] / d for j in range(n)] for i in range(n)]


a = [[Fraction(v) for v in row] for row in [[2, -1, 0], [-1, 2, -1], [0, -1, 2]]]
print("det =", det(a))
for row in inverse(a):
    print([str(x) for x in row])
