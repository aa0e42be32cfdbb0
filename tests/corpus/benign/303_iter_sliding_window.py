# A sliding window recipe with deque and islice
from collections import deque
from itertools import islice
from typing import Iterable, Iterator


def sliding_window(iterable: Iterable[float], n: int) -> Iterator[tuple[float, ...]]:
    it = iter(iterable)
    window = deque(islice(it, n - 1), maxlen=n)
    for x in it:
        window.append(x)
        yield tuple(window)


prices = [10.0, 11.0, 12.5, 12.0, 13.5, 15.0, 14.0]
for w in sliding_window(prices, 3):
    print(w, "avg", round(sum(w) / len(w), 3))
