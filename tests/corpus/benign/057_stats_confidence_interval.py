# 95% confidence interval for a mean (normal approximation)
from statistics import NormalDist, mean, stdev

response_ms = [212, 198, 250, 231, 205, 190, 244, 219, 226, 208, 237, 201, 215, 222, 209, 233]
n = len(response_ms)
m = mean(response_ms)
s = stdev(response_ms)
z = NormalDist().inv_cdf(0.975)
half = z * s / n ** 0.5
print(f"n={n} mean={m:.2f} ms stdev={s:.2f}")
print(f"z={z:.4f}")
print(f"95% CI: [{m - half:.2f}, {m + half:.2f}] ms")
