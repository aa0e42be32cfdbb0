# Simulate stock price paths with geometric Brownian motion
import math
import random

rng = random.Random(11)
s0, mu, sigma, days = 100.0, 0.08, 0.25, 252
dt = 1 / days
finals = []
for path in range(200):
    s = s0
    for _ in range(days):
        s *= math.exp((mu - sigma ** 2 / 2) * dt + sigma * math.sqrt(dt) * rng.gauss(0, 1))
    finals.append(s)
finals.sort()
print(f"mean final price: {sum(finals) / len(finals):.2f}")
print(f"5th percentile: {finals[9]:.2f}, median: {finals[100]:.2f}, 95th: {finals[189]:.2f}")
print(f"paths ending below start: {sum(1 for f in finals if f < s0)}")
