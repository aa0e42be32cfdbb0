# Decode JSON into objects with object_hook and parse_float
import json
from decimal import Decimal

raw = '{"sku": "A-1", "price": 19.99, "meta": {"__date__": "2024-05-01"}, "qty": 3}'


def hook(d: dict) -> object:
    if "__date__" in d:
        return ("date", d["__date__"])
    return d


data = json.loads(raw, object_hook=hook, parse_float=Decimal)
print(data)
print(data["price"] * data["qty"])
pairs = json.loads('{"b": 1, "a": 2, "b": 3}', object_pairs_hook=list)
print("duplicate keys kept:", pairs)
