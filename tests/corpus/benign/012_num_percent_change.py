# Daily percent change of a stock's closing prices
closes = [182.52, 185.10, 183.27, 179.66, 181.00, 188.75, 187.30]
print(f"{'Day':>3} {'Close':>8} {'Change':>8}")
for day, (prev, cur) in enumerate(zip(closes, closes[1:]), start=2):
    change = (cur - prev) / prev
    print(f"{day:>3} {cur:>8.2f} {change:>+8.2%}")
overall = (closes[-1] - closes[0]) / closes[0]
print(f"Overall: {overall:+.3%}")
