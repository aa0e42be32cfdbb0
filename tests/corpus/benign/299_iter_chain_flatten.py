# Flattening and concatenating iterables with itertools.chain
from itertools import chain

nested = [[1, 2], [3], [], [4, 5, 6]]
print(list(chain.from_iterable(nested)))
print(list(chain("ab", [1, 2], (3.5,), range(2))))
pages = {"page1": ["a", "b"], "page2": ["c"], "page3": ["d", "e"]}
all_items = list(chain(*pages.values()))
print(all_items, len(all_items))
deep = [1, [2, [3, [4, [5]]]], 6]


def flatten(items):
    for item in items:
        if isinstance(item, list):
            yield from flatten(item)
        else:
            yield item


print(list(flatten(deep)))
