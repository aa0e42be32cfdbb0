# Newton's method for square roots compared with math.sqrt and math.isqrt
import math


def newton_sqrt(x: float, tolerance: float = 1e-12) -> tuple[float, int]:
    guess = x / 2 or 1.0
    steps = 0
    while abs(guess * guess - x) > tolerance * x:
        guess = (guess + x / guess) / 2
        steps += 1
    return guess, steps


for x in [2.0, 10.0, 144.0, 1e6, 0.25]:
    approx, steps = newton_sqrt(x)
    print(f"sqrt({x:g}) ~ {approx:.12f} in {steps} steps; math.sqrt = {math.sqrt(x):.12f}")
print("isqrt(10**20 + 1) =", math.isqrt(10 ** 20 + 1))
