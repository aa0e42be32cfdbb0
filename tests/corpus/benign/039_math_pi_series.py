# Approximating pi with a few classic series
import math

leibniz = 4 * sum((-1) ** k / (2 * k + 1) for k in range(100_000))
nilakantha = 3 + sum((-1) ** (k + 1) * 4 / ((2 * k) * (2 * k + 1) * (2 * k + 2)) for k in range(1, 1000))
wallis = 2.0
for k in range(1, 10_000):
    wallis *= (4 * k * k) / (4 * k * k - 1)
basel = math.sqrt(6 * sum(1 / k ** 2 for k in range(1, 100_000)))
for name, value in [("Leibniz", leibniz), ("Nilakantha", nilakantha), ("Wallis", wallis), ("Basel", basel)]:
    print(f"{name:<10} {value:.12f} error {abs(value - math.pi):.2e}")
