# sample vs choices vs choice, with and without replacement
import random

rng = random.Random(1)
population = list(range(1, 50))
print("lottery draw:", sorted(rng.sample(population, 6)))
print("with replacement:", rng.choices(["heads", "tails"], k=8))
colors = ["red", "green", "blue"]
weighted = rng.choices(colors, weights=[70, 20, 10], k=20)
print("weighted picks:", weighted)
print("counts:", {c: weighted.count(c) for c in colors})
print("single choice:", rng.choice(colors))
print("random float in [1.5, 2.5):", round(rng.uniform(1.5, 2.5), 6))
print("randrange(0, 100, 5):", [rng.randrange(0, 100, 5) for _ in range(5)])
