# Structural subtyping with Protocol
from typing import Protocol, runtime_checkable


@runtime_checkable
class Shape(Protocol):
    def area(self) -> float: ...

    def name(self) -> str: ...


class Square:
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        return self.side ** 2

    def name(self) -> str:
        return "square"


class Circle:
    def __init__(self, r: float) -> None:
        self.r = r

    def area(self) -> float:
        return 3.14159 * self.r ** 2

    def name(self) -> str:
        return "circle"


def total_area(shapes: list[Shape]) -> float:
    return sum(s.area() for s in shapes)


shapes: list[Shape] = [Square(2), Circle(1), Square(1.5)]
for s in shapes:
    print(f"{s.name():<7} {s.area():.3f}")
print(f"total: {total_area(shapes):.3f}")
print(isinstance(Square(1), Shape), isinstance("not a shape", Shape))
