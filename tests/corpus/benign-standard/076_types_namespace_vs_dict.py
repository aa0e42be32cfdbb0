# Compare SimpleNamespace and dict for a record: conversion both ways.
from types import SimpleNamespace

record = {"sku": "X-1", "qty": 3, "unit_price": 4.25}
ns = SimpleNamespace(**record)
ns.total = ns.qty * ns.unit_price
print(ns)
print("back to dict:", vars(ns))
print("keys sorted:", sorted(vars(ns)))
del ns.unit_price
print("after delete:", ns)
other = SimpleNamespace(sku="X-1", qty=3, total=12.75)
print("equal to rebuilt:", ns == other)
print("repr round trip prefix:", repr(other).startswith("namespace("))
