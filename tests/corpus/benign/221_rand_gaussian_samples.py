# Draw from several distributions and summarize them
import random
import statistics

rng = random.Random(7)
dists = {
    "gauss(0,1)": [rng.gauss(0, 1) for _ in range(2000)],
    "normalvariate(10,2)": [rng.normalvariate(10, 2) for _ in range(2000)],
    "expovariate(0.5)": [rng.expovariate(0.5) for _ in range(2000)],
    "triangular(0,10,3)": [rng.triangular(0, 10, 3) for _ in range(2000)],
    "betavariate(2,5)": [rng.betavariate(2, 5) for _ in range(2000)],
}
for name, xs in dists.items():
    print(f"{name:<20} mean={statistics.fmean(xs):7.3f} stdev={statistics.stdev(xs):6.3f} "
          f"min={min(xs):7.3f} max={max(xs):7.3f}")
