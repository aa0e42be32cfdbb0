# Online mean and variance with Welford's algorithm, checked against statistics
import statistics


class RunningStats:
    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def push(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    @property
    def variance(self) -> float:
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0


values = [2.5, 3.1, 4.7, 1.9, 5.5, 3.3, 4.1]
rs = RunningStats()
for v in values:
    rs.push(v)
print(f"welford: mean={rs.mean:.6f} var={rs.variance:.6f}")
print(f"statistics: mean={statistics.mean(values):.6f} var={statistics.variance(values):.6f}")
