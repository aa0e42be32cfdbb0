# A small inventory table using f-string alignment and fill characters
items = [("Widget", 4, 3.5), ("Gadget with long name", 12, 12.25), ("Nut", 1000, 0.05)]
width = 22
print(f"{'Item':<{width}}{'Qty':>6}{'Price':>9}{'Total':>10}")
print(f"{'':=<{width + 25}}")
grand = 0.0
for name, qty, price in items:
    total = qty * price
    grand += total
    label = name if len(name) <= width - 2 else name[: width - 5] + "..."
    print(f"{label:<{width}}{qty:>6d}{price:>9.2f}{total:>10.2f}")
print(f"{'':-<{width + 25}}")
print(f"{'TOTAL':*^{width}}{'':>15}{grand:>10.2f}")
