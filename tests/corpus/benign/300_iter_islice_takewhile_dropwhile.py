# Lazily slicing infinite iterators
from itertools import count, cycle, dropwhile, islice, repeat, takewhile

print(list(islice(count(10, 5), 6)))
print(list(islice("ABCDEFGHIJ", 2, 8, 2)))
squares = (n * n for n in count(1))
print(list(takewhile(lambda s: s < 100, squares)))
print(list(dropwhile(lambda x: x < 5, [1, 3, 5, 2, 7, 1])))
print(list(islice(cycle(["red", "green", "blue"]), 7)))
print(list(repeat("ha", 3)), "".join(repeat("-", 20)))
lines = ["# comment", "# another", "data 1", "# inline", "data 2"]
print(list(dropwhile(lambda l: l.startswith("#"), lines)))
