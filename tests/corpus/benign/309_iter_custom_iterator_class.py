# A custom iterator class implementing __iter__ and __next__
class Countdown:
    def __init__(self, start: int, step: int = 1) -> None:
        self.current = start
        self.step = step

    def __iter__(self) -> "Countdown":
        return self

    def __next__(self) -> int:
        if self.current < 0:
            raise StopIteration
        value = self.current
        self.current -= self.step
        return value


print(list(Countdown(10, 3)))
c = Countdown(2)
print(next(c), next(c), next(c))
print(next(c, "exhausted"))
print(sum(Countdown(100)))
