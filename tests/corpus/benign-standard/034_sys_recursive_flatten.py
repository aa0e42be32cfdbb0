# Flatten a deeply nested list, raising the recursion limit for safety.
import sys

sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))


def flatten(item):
    if isinstance(item, list):
        for sub in item:
            yield from flatten(sub)
    else:
        yield item


nested = [1, [2, [3, [4, [5]]]], 6]
print(list(flatten(nested)))

deep = 0
for i in range(900):
    deep = [i, deep]
flat = list(flatten(deep))
print("deep flatten length:", len(flat))
print("first, last:", flat[0], flat[-1])
print("recursion limit at least 5000:", sys.getrecursionlimit() >= 5000)
