# Split an iterable into fixed-size batches (itertools.batched is 3.12+, so by hand)
from itertools import islice
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")


def batched(iterable: Iterable[T], n: int) -> Iterator[tuple[T, ...]]:
    it = iter(iterable)
    while batch := tuple(islice(it, n)):
        yield batch


print(list(batched(range(10), 3)))
print(list(batched("ABCDEFG", 2)))
ids = list(range(101, 124))
for i, chunk in enumerate(batched(ids, 10), 1):
    print(f"request {i}: {len(chunk)} ids, {chunk[0]}..{chunk[-1]}")
