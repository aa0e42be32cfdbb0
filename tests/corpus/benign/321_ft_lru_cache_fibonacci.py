# Memoization with functools.lru_cache
from functools import lru_cache


@lru_cache(maxsize=None)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80))
print(fib.cache_info())
fib.cache_clear()
print(fib.cache_info())


@lru_cache(maxsize=3)
def square(n: int) -> int:
    print(f"  computing {n}^2")
    return n * n


for n in [1, 2, 1, 3, 4, 1, 2]:
    square(n)
print(square.cache_info())
