# Longest streak of heads in 200 coin flips, averaged over many runs
import random

rng = random.Random(99)


def longest_streak(flips: list[bool]) -> int:
    best = current = 0
    for heads in flips:
        current = current + 1 if heads else 0
        best = max(best, current)
    return best


runs = [longest_streak([rng.random() < 0.5 for _ in range(200)]) for _ in range(2000)]
print("average longest streak:", sum(runs) / len(runs))
print("distribution:", {k: runs.count(k) for k in sorted(set(runs))})
example = "".join("H" if rng.random() < 0.5 else "T" for _ in range(40))
print("example:", example)
