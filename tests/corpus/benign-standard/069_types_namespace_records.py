# Load rows into SimpleNamespace records and compute grouped statistics.
from types import SimpleNamespace
from statistics import mean

rows = [
    ("2024-01", "north", 120.5),
    ("2024-01", "south", 98.0),
    ("2024-02", "north", 133.25),
    ("2024-02", "south", 101.5),
    ("2024-03", "north", 127.0),
]
sales = [SimpleNamespace(month=m, region=r, amount=a) for m, r, a in rows]

for region in sorted({s.region for s in sales}):
    amounts = [s.amount for s in sales if s.region == region]
    print(f"{region}: months={len(amounts)} mean={mean(amounts):.2f}")
best = max(sales, key=lambda s: s.amount)
print("best:", best)
print("fields:", sorted(vars(best)))
