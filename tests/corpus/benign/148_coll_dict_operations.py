# Everyday dict operations: merging, inverting, filtering and setdefault
prices = {"apple": 0.5, "banana": 0.25, "cherry": 3.0}
extra = {"banana": 0.3, "date": 1.5}
merged = prices | extra
print(merged)
prices |= {"elderberry": 4.0}
print(prices)
inverted = {v: k for k, v in merged.items()}
print(inverted)
cheap = {k: v for k, v in merged.items() if v < 1}
print(cheap)
groups: dict[str, list[str]] = {}
for fruit in merged:
    groups.setdefault(fruit[0], []).append(fruit)
print(groups)
print(merged.get("fig", "n/a"), merged.pop("apple"), list(merged))
print(dict.fromkeys(["a", "b"], 0), dict(zip("xyz", range(3))))
