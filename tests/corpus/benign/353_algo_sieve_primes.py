# Sieve of Eratosthenes and some prime statistics
def sieve(limit: int) -> list[int]:
    is_prime = [True] * (limit + 1)
    is_prime[0:2] = [False, False]
    for n in range(2, int(limit ** 0.5) + 1):
        if is_prime[n]:
            is_prime[n * n::n] = [False] * len(range(n * n, limit + 1, n))
    return [i for i, p in enumerate(is_prime) if p]


primes = sieve(1000)
print("primes below 100:", primes[:25])
print("count below 1000:", len(primes), "largest:", primes[-1])
gaps = [b - a for a, b in zip(primes, primes[1:])]
print("largest gap below 1000:", max(gaps), "after", primes[gaps.index(max(gaps))])
print("sum below 1000:", sum(primes))
