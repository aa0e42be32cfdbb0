# Using statistics.NormalDist for probabilities and percentiles
from statistics import NormalDist

heights = NormalDist(mu=170, sigma=8)
print(f"P(height < 160) = {heights.cdf(160):.4f}")
print(f"P(160 < height < 180) = {heights.cdf(180) - heights.cdf(160):.4f}")
print(f"90th percentile: {heights.inv_cdf(0.9):.2f} cm")
print(f"z-score of 186: {heights.zscore(186):.2f}")
other = NormalDist(175, 7)
print(f"overlap with other group: {heights.overlap(other):.4f}")
print("sum of two:", heights + other)
print("scaled:", heights * 2)
