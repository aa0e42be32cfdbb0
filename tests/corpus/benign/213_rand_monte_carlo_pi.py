# Estimate pi with a Monte Carlo simulation (seeded for reproducibility)
import random

random.seed(42)
for n in (1_000, 10_000, 100_000):
    inside = sum(1 for _ in range(n) if random.random() ** 2 + random.random() ** 2 <= 1)
    print(f"n={n:>7}: pi ~ {4 * inside / n:.5f}")
