# Computing an expensive attribute once with cached_property
from functools import cached_property
import statistics


class Dataset:
    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.computations = 0

    @cached_property
    def summary(self) -> dict[str, float]:
        self.computations += 1
        return {"mean": statistics.fmean(self.values), "stdev": round(statistics.stdev(self.values), 4),
                "max": max(self.values)}


ds = Dataset([2.0, 4.0, 4.0, 5.0, 7.0, 9.0])
print(ds.summary)
print(ds.summary["mean"], ds.computations)
del ds.summary
ds.values.append(100.0)
print(ds.summary, ds.computations)
