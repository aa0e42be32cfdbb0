# singledispatchmethod to overload a method by argument type
from functools import singledispatchmethod


class Accumulator:
    def __init__(self) -> None:
        self.total = 0.0

    @singledispatchmethod
    def add(self, value) -> None:
        raise TypeError(f"cannot add {type(value).__name__}")

    @add.register
    def _(self, value: int) -> None:
        self.total += value

    @add.register
    def _(self, value: str) -> None:
        self.total += float(value)

    @add.register
    def _(self, value: list) -> None:
        for v in value:
            self.add(v)


acc = Accumulator()
acc.add(5)
acc.add("2.5")
acc.add([1, "1.5", [2]])
print(acc.total)
try:
    acc.add(None)
except TypeError as exc:
    print(exc)
