# Compare unit prices exactly to find the best deal
from fractions import Fraction

offers = {"6-pack": (Fraction("4.99"), 6), "12-pack": (Fraction("8.99"), 12), "24-pack": (Fraction("17.49"), 24),
          "single": (Fraction("0.89"), 1)}
unit = {name: price / qty for name, (price, qty) in offers.items()}
for name, u in sorted(unit.items(), key=lambda kv: kv[1]):
    print(f"{name:<8} {float(u):.4f} per can  (exact {u})")
best = min(unit, key=unit.get)
print("best deal:", best)
