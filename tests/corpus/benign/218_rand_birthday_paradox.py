# Birthday paradox: simulation vs exact probability
import random


def exact(n: int) -> float:
    p = 1.0
    for i in range(n):
        p *= (365 - i) / 365
    return 1 - p


rng = random.Random(2024)
trials = 5_000
for n in (10, 23, 30, 50):
    hits = sum(1 for _ in range(trials) if len({rng.randrange(365) for _ in range(n)}) < n)
    print(f"{n} people: simulated {hits / trials:.3f}, exact {exact(n):.3f}")
