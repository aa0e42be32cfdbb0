# Percentile rank of a score and nearest-rank percentiles
import math

scores = sorted([55, 61, 67, 70, 72, 75, 78, 81, 84, 88, 90, 93, 97])


def percentile_rank(value: int) -> float:
    below = sum(1 for s in scores if s < value)
    equal = sum(1 for s in scores if s == value)
    return 100 * (below + 0.5 * equal) / len(scores)


def nearest_rank(p: float) -> int:
    return scores[max(0, math.ceil(p / 100 * len(scores)) - 1)]


if __name__ == "__main__":
    for s in (61, 78, 93):
        print(f"score {s}: percentile rank {percentile_rank(s):.1f}")
    for p in (25, 50, 75, 90):
        print(f"P{p} (nearest rank) = {nearest_rank(p)}")
