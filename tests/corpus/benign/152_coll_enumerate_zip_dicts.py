# Building lookup tables from parallel lists
names = ["alpha", "beta", "gamma", "delta"]
codes = ["A", "B", "G", "D"]
scores = [88, 92, 75]
lookup = dict(zip(codes, names))
print(lookup)
print(list(zip(names, scores)))
print({name: idx for idx, name in enumerate(names, start=1)})
from itertools import zip_longest

print(list(zip_longest(names, scores, fillvalue=None)))
try:
    list(zip(names, scores, strict=True))
except ValueError as exc:
    print("strict zip:", exc)
transposed = list(zip(*[(1, 2, 3), (4, 5, 6)]))
print(transposed)
