# All subsets of a set (powerset) and subsets with a target sum
from itertools import chain, combinations


def powerset(items):
    s = list(items)
    return chain.from_iterable(combinations(s, r) for r in range(len(s) + 1))


print(list(powerset([1, 2, 3])))
weights = [3, 34, 4, 12, 5, 2]
target = 9
print([c for c in powerset(weights) if sum(c) == target])
print("number of subsets of 10 items:", sum(1 for _ in powerset(range(10))))
