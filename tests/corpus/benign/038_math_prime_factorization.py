# Factor integers into primes and compute Euler's totient
import math


def factorize(n: int) -> dict[int, int]:
    factors: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors[d] = factors.get(d, 0) + 1
            n //= d
        d += 1 if d == 2 else 2
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def totient(n: int) -> int:
    result = n
    for p in factorize(n):
        result -= result // p
    return result


for n in [360, 97, 1001, 65536, 600851475143]:
    f = factorize(n)
    text = " * ".join(f"{p}^{e}" if e > 1 else str(p) for p, e in f.items())
    print(f"{n} = {text}; divisors: {math.prod(e + 1 for e in f.values())}; phi = {totient(n)}")
