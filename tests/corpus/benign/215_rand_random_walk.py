# A 1D random walk: final position and maximum distance
import random

random.seed(42)
position = 0
max_distance = 0
path = [0]
for step in range(1000):
    position += random.choice((-1, 1))
    max_distance = max(max_distance, abs(position))
    path.append(position)
print("final position:", position)
print("max distance:", max_distance)
print("first 20 positions:", path[:20])
print("returns to origin:", sum(1 for p in path[1:] if p == 0))
