# Bootstrap confidence interval for the median
import random
import statistics

data = [12.1, 14.3, 9.8, 15.2, 11.7, 13.9, 10.4, 16.8, 12.6, 14.1, 11.2, 13.3]
rng = random.Random(42)
medians = sorted(statistics.median(rng.choices(data, k=len(data))) for _ in range(2000))
lo, hi = medians[int(0.025 * len(medians))], medians[int(0.975 * len(medians))]
print(f"sample median: {statistics.median(data)}")
print(f"95% bootstrap CI: [{lo}, {hi}]")
print(f"bootstrap mean of medians: {statistics.fmean(medians):.4f}")
