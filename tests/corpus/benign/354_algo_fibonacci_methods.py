# Fibonacci: iterative, memoized recursion and fast doubling
from functools import lru_cache


def fib_iter(n: int) -> int:
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@lru_cache(maxsize=None)
def fib_memo(n: int) -> int:
    return n if n < 2 else fib_memo(n - 1) + fib_memo(n - 2)


def fib_doubling(n: int) -> tuple[int, int]:
    if n == 0:
        return 0, 1
    a, b = fib_doubling(n // 2)
    c = a * (2 * b - a)
    d = a * a + b * b
    return (d, c + d) if n % 2 else (c, d)


print([fib_iter(i) for i in range(15)])
print(fib_iter(90) == fib_memo(90) == fib_doubling(90)[0], fib_iter(90))
print("F(1000) has", len(str(fib_doubling(1000)[0])), "digits")
