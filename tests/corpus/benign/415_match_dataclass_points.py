# Structural pattern matching on dataclasses: case Point(x, y)
from dataclasses import dataclass


@dataclass
class Point:
    x: float
    y: float


def where(p: Point) -> str:
    match p:
        case Point(0, 0):
            return "origin"
        case Point(0, y):
            return f"on the y-axis at {y}"
        case Point(x, 0):
            return f"on the x-axis at {x}"
        case Point(x, y) if x == y:
            return f"on the diagonal at {x}"
        case Point(x=x, y=y):
            return f"somewhere else ({x}, {y})"


for p in [Point(0, 0), Point(0, 5), Point(-3, 0), Point(2, 2), Point(1, 7)]:
    print(p, "->", where(p))
