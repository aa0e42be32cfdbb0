# Fibonacci numbers with a generator, consumed in different ways
from itertools import islice, takewhile


def fibonacci():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


if __name__ == "__main__":
    print(list(islice(fibonacci(), 15)))
    print(list(takewhile(lambda f: f < 1000, fibonacci())))
    print("first with 20 digits:", next(i for i, f in enumerate(fibonacci()) if len(str(f)) >= 20))
    even_sum = sum(f for f in takewhile(lambda f: f < 4_000_000, fibonacci()) if f % 2 == 0)
    print("sum of even terms below 4 million:", even_sum)
