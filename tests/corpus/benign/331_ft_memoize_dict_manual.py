# Manual memoization vs lru_cache for the knapsack problem
from functools import lru_cache

items = [(60, 10), (100, 20), (120, 30), (80, 15), (30, 5)]  # (value, weight)


@lru_cache(maxsize=None)
def best(i: int, capacity: int) -> int:
    if i == len(items):
        return 0
    value, weight = items[i]
    skip = best(i + 1, capacity)
    if weight > capacity:
        return skip
    return max(skip, value + best(i + 1, capacity - weight))


for cap in (10, 25, 50, 80):
    print(f"capacity {cap}: best value {best(0, cap)}")
print(best.cache_info().hits > 0)
