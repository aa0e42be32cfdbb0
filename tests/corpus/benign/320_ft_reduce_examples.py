# functools.reduce for folding sequences
from functools import reduce
import operator

print(reduce(operator.add, [1, 2, 3, 4, 5]))
print(reduce(operator.mul, range(1, 11), 1))
print(reduce(lambda acc, x: acc * 10 + x, [4, 0, 9, 6]))
print(reduce(max, [3, 17, 8, 21, 5]))
dicts = [{"a": 1}, {"b": 2}, {"a": 3, "c": 4}]
print(reduce(lambda a, b: {**a, **b}, dicts, {}))
words = ["functional", "programming", "is", "fun"]
print(reduce(lambda a, b: a if len(a) >= len(b) else b, words))
print(reduce(operator.or_, [{1, 2}, {2, 3}, {5}]))
