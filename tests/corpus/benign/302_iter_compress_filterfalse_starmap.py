# Less common itertools: compress, filterfalse, starmap, tee
from itertools import compress, filterfalse, starmap, tee

names = ["ann", "bob", "cid", "dee"]
active = [1, 0, 1, 1]
print(list(compress(names, active)))
print(list(filterfalse(lambda n: n % 3, range(1, 20))))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])))
print(list(starmap(lambda name, score: f"{name}:{score}", [("x", 1), ("y", 2)])))
a, b = tee([1, 2, 3, 4])
next(b)
print(list(zip(a, b)))
