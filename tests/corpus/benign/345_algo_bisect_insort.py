# Maintaining a sorted list with bisect.insort and range queries
import bisect

prices: list[float] = []
for p in [19.99, 5.49, 12.0, 7.25, 30.0, 12.0, 1.99]:
    bisect.insort(prices, p)
print(prices)
lo, hi = 5.0, 15.0
left, right = bisect.bisect_left(prices, lo), bisect.bisect_right(prices, hi)
print(f"prices in [{lo}, {hi}]:", prices[left:right])
print("index of first 12.0:", bisect.bisect_left(prices, 12.0), "after last:", bisect.bisect_right(prices, 12.0))
events = [(1, "start"), (5, "build"), (9, "test"), (14, "deploy")]
times = [t for t, _ in events]
print("event active at t=10:", events[bisect.bisect_right(times, 10) - 1][1])
records = [{"ts": 3}, {"ts": 8}, {"ts": 20}]
print(bisect.bisect_left(records, 10, key=lambda r: r["ts"]))
