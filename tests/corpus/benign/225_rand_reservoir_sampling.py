# Reservoir sampling: pick k items uniformly from a stream of unknown length
import random
from collections import Counter


def reservoir(stream, k: int, rng: random.Random) -> list:
    sample = []
    for i, item in enumerate(stream):
        if i < k:
            sample.append(item)
        else:
            j = rng.randint(0, i)
            if j < k:
                sample[j] = item
    return sample


rng = random.Random(5)
print(reservoir(range(1000), 5, rng))
counts = Counter()
for _ in range(10_000):
    counts.update(reservoir(range(10), 3, rng))
print({k: round(v / 10_000, 3) for k, v in sorted(counts.items())})
