# Simulate rolling two dice 10,000 times and compare with theory
import random
from collections import Counter

rng = random.Random(1)
rolls = Counter(rng.randint(1, 6) + rng.randint(1, 6) for _ in range(10_000))
print(f"{'sum':>3} {'count':>6} {'observed':>9} {'expected':>9}")
for total in range(2, 13):
    expected = (6 - abs(total - 7)) / 36
    print(f"{total:>3} {rolls[total]:>6} {rolls[total] / 10_000:>9.4f} {expected:>9.4f}")
