# Which starting number under 10,000 has the longest Collatz sequence?
def collatz_length(n: int, cache: dict[int, int] = {1: 1}) -> int:
    path = []
    while n not in cache:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    length = cache[n]
    for value in reversed(path):
        length += 1
        cache[value] = length
    return length


best = max(range(1, 10_000), key=collatz_length)
print(f"Longest chain under 10,000 starts at {best} with {collatz_length(best)} terms")
print("First ten lengths:", [collatz_length(i) for i in range(1, 11)])
