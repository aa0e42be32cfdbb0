# Generator expressions evaluate lazily: any/all short-circuit
calls = []


def is_prime(n: int) -> bool:
    calls.append(n)
    return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))


print(any(is_prime(n) for n in [4, 6, 7, 8, 9, 11]))
print("checked:", calls)
calls.clear()
print(all(is_prime(n) for n in [2, 3, 4, 5]))
print("checked:", calls)
gen = (n * 2 for n in range(5))
print(next(gen), next(gen), list(gen), list(gen))
print(sorted((len(w), w) for w in "the quick brown fox".split()))
