# Convert rows into namedtuples and compute per-row values
from collections import namedtuple

rows = [("2024-01-03", "AAPL", 184.25, 10), ("2024-01-03", "MSFT", 370.6, 5), ("2024-01-04", "AAPL", 181.91, -4)]
Trade = namedtuple("Trade", "date symbol price qty")
trades = [Trade(*r) for r in rows]
for t in trades:
    side = "BUY" if t.qty > 0 else "SELL"
    print(f"{t.date} {side:<4} {abs(t.qty):>3} {t.symbol} @ {t.price:.2f} = {abs(t.qty) * t.price:>9.2f}")
position: dict[str, int] = {}
for t in trades:
    position[t.symbol] = position.get(t.symbol, 0) + t.qty
print(position)
