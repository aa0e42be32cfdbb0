# Annotating generators and iterators
from typing import Generator, Iterable, Iterator


def countdown(n: int) -> Iterator[int]:
    while n > 0:
        yield n
        n -= 1


def running_total(values: Iterable[float]) -> Generator[float, None, float]:
    total = 0.0
    for v in values:
        total += v
        yield total
    return total


def echo() -> Generator[str, str, None]:
    received = yield "ready"
    while received != "stop":
        received = yield f"echo: {received}"


print(list(countdown(5)))
print(list(running_total([1.5, 2.5, 3.0])))
gen = echo()
print(next(gen), gen.send("hello"), gen.send("world"))
