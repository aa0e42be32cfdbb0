# Compare sample statistics of seeded normal samples with the true parameters
import random
import statistics

rng = random.Random(2024)
sample = [rng.gauss(100, 15) for _ in range(5000)]
print(f"mean  {statistics.fmean(sample):.3f} (true 100)")
print(f"stdev {statistics.stdev(sample):.3f} (true 15)")
fitted = statistics.NormalDist.from_samples(sample)
print(f"fitted: mu={fitted.mean:.3f} sigma={fitted.stdev:.3f}")
within_one = sum(1 for x in sample if abs(x - 100) <= 15) / len(sample)
print(f"fraction within 1 sigma: {within_one:.3f} (expected ~0.683)")
