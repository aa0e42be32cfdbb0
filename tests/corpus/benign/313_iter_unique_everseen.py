# Remove duplicates while preserving order
from typing import Callable, Hashable, Iterable, Iterator


def unique_everseen(items: Iterable, key: Callable[[object], Hashable] | None = None) -> Iterator:
    seen = set()
    for item in items:
        k = item if key is None else key(item)
        if k not in seen:
            seen.add(k)
            yield item


print(list(unique_everseen([3, 1, 3, 2, 1, 5])))
print("".join(unique_everseen("mississippi")))
emails = ["A@x.com", "b@y.com", "a@X.com", "B@y.com", "c@z.com"]
print(list(unique_everseen(emails, key=str.lower)))
print(list(dict.fromkeys([3, 1, 3, 2, 1, 5])))
