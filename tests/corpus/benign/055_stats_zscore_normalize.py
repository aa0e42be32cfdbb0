# Standardize a dataset (z-scores) and min-max normalize it
from statistics import mean, pstdev

data = [4.0, 8.0, 15.0, 16.0, 23.0, 42.0]
mu, sigma = mean(data), pstdev(data)
z = [(x - mu) / sigma for x in data]
lo, hi = min(data), max(data)
scaled = [(x - lo) / (hi - lo) for x in data]
print(f"mean={mu:.4f} pstdev={sigma:.4f}")
print("z-scores:", [f"{v:+.3f}" for v in z])
print("min-max:", [f"{v:.3f}" for v in scaled])
print("mean of z:", round(mean(z), 12), "pstdev of z:", round(pstdev(z), 12))
