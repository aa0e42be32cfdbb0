# typing.cast and Any when working with loosely typed data
import json
from typing import Any, cast

payload: Any = json.loads('{"count": "17", "items": [1, 2, 3], "meta": {"ok": true}}')
count = int(cast(str, payload["count"]))
items = cast(list[int], payload["items"])
meta = cast(dict[str, bool], payload["meta"])
print(count + 1, sum(items), meta["ok"])
value = cast(int, "not really an int")
print(value, type(value).__name__)


def first(xs: list[Any], default: Any = None) -> Any:
    return xs[0] if xs else default


print(first([3, 2]), first([], "empty"))
