# Differences between consecutive readings with itertools.pairwise
from itertools import pairwise

readings = [100, 104, 101, 110, 125, 123, 130]
deltas = [b - a for a, b in pairwise(readings)]
print("deltas:", deltas)
print("largest jump:", max(pairwise(readings), key=lambda p: p[1] - p[0]))
print("increasing steps:", sum(1 for a, b in pairwise(readings) if b > a))
print(list(pairwise("ABCD")))
route = ["home", "office", "gym", "home"]
for start, end in pairwise(route):
    print(f"{start} -> {end}")
