# Ignoring specific exceptions with contextlib.suppress
from contextlib import suppress

data = {"a": "1", "b": "two", "c": "3"}
total = 0
for key in ["a", "b", "c", "d"]:
    with suppress(KeyError, ValueError):
        total += int(data[key])
        print(f"added {key}")
print("total:", total)
items = [3, 1, 2]
with suppress(ValueError):
    items.remove(5)
print(items)
