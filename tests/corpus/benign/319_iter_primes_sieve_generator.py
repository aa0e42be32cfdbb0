# An incremental prime generator (unbounded sieve)
from itertools import islice


def primes():
    composites: dict[int, list[int]] = {}
    n = 2
    while True:
        if n not in composites:
            yield n
            composites[n * n] = [n]
        else:
            for p in composites.pop(n):
                composites.setdefault(n + p, []).append(p)
        n += 1


print(list(islice(primes(), 20)))
print("10001st prime:", next(islice(primes(), 10000, None)))
twin = [(p, q) for p, q in zip(islice(primes(), 30), islice(primes(), 1, 31)) if q - p == 2]
print("twin primes:", twin)
