# Solving a linear system exactly with Fractions (Gaussian elimination)
from fractions import Fraction


def solve(a: list[list[Fraction]], b: list[Fraction]) -> list[Fraction]:
    n = len(a)
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if m[r][col] != 0)
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                factor = m[r][col] / m[col][col]
                m[r] = [x - factor * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


A = [[Fraction(x) for x in row] for row in [[2, 1, -1], [-3, -1, 2], [-2, 1, 2]]]
B = [Fraction(x) for x in [8, -11, -3]]
print([str(x) for x in solve(A, B)])
A2 = [[Fraction(1), Fraction(1, 2)], [Fraction(1, 3), Fraction(1, 4)]]
print([str(x) for x in solve(A2, [Fraction(1), Fraction(0)])])
