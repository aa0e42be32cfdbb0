# A reusable iterable (not an iterator): a float range
class FloatRange:
    def __init__(self, start: float, stop: float, step: float) -> None:
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        n = 0
        while (value := self.start + n * self.step) < self.stop - 1e-12:
            yield round(value, 10)
            n += 1

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __reversed__(self):
        return reversed(list(self))


r = FloatRange(0, 1, 0.1)
print(list(r))
print(len(r), sum(r), list(reversed(FloatRange(0, 0.5, 0.125))))
print(list(r) == list(r))
