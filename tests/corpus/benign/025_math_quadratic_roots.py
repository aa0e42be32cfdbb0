# Solve quadratic equations, including ones with complex roots
import cmath
import math


def solve(a: float, b: float, c: float) -> tuple[complex, complex] | tuple[float, float]:
    disc = b * b - 4 * a * c
    if disc >= 0:
        root = math.sqrt(disc)
        return (-b + root) / (2 * a), (-b - root) / (2 * a)
    root = cmath.sqrt(disc)
    return (-b + root) / (2 * a), (-b - root) / (2 * a)


for coeffs in [(1, -3, 2), (1, 2, 1), (1, 0, 1), (2, 4, 5), (1, -1, -1)]:
    r1, r2 = solve(*coeffs)
    print(f"{coeffs}: {r1:.4f}, {r2:.4f}")
