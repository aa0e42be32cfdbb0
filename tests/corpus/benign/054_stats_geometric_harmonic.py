# Geometric mean of growth rates and harmonic mean of speeds
from statistics import geometric_mean, harmonic_mean, mean

yearly_growth = [1.10, 0.95, 1.20, 1.05, 0.90]
g = geometric_mean(yearly_growth)
print(f"average growth factor: {g:.6f} ({g - 1:+.3%} per year)")
print(f"arithmetic mean would say: {mean(yearly_growth):.6f}")
total = 1.0
for f in yearly_growth:
    total *= f
print(f"check: {total:.6f} vs {g ** len(yearly_growth):.6f}")
speeds = [60, 40]  # km/h each way over the same distance
print("average speed:", harmonic_mean(speeds), "km/h")
print("weighted harmonic:", round(harmonic_mean([40, 60], weights=[5, 30]), 4))
