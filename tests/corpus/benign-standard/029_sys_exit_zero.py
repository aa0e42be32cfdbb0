# A script with a main() that ends with sys.exit(main()).
import sys


def collatz_length(n: int) -> int:
    steps = 1
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        steps += 1
    return steps


def main() -> int:
    best = max(range(1, 10_000), key=collatz_length)
    print(f"longest Collatz chain below 10000 starts at {best}")
    print(f"length: {collatz_length(best)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
