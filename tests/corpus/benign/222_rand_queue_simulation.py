# Simulate a single-server queue (bank teller) with random arrivals
import random

rng = random.Random(3)
clock = 0.0
server_free_at = 0.0
waits = []
for customer in range(500):
    clock += rng.expovariate(1 / 2.0)      # mean 2 minutes between arrivals
    start = max(clock, server_free_at)
    service = rng.expovariate(1 / 1.6)     # mean 1.6 minutes of service
    server_free_at = start + service
    waits.append(start - clock)
print(f"customers: {len(waits)}")
print(f"average wait: {sum(waits) / len(waits):.3f} min")
print(f"max wait: {max(waits):.3f} min")
print(f"waited at all: {sum(1 for w in waits if w > 0) / len(waits):.1%}")
