# Objects with __call__: a configurable scorer and a counter
class Multiplier:
    def __init__(self, factor: float) -> None:
        self.factor = factor
        self.calls = 0

    def __call__(self, value: float) -> float:
        self.calls += 1
        return value * self.factor


double = Multiplier(2)
print(double(21), list(map(double, [1, 2, 3])), double.calls)
print(callable(double), callable(42))


class Accumulator:
    def __init__(self) -> None:
        self.total = 0

    def __call__(self, *values: int) -> int:
        self.total += sum(values)
        return self.total


acc = Accumulator()
acc(1, 2)
acc(10)
print(acc(), acc.total)
