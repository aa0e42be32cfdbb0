# Computing areas of different shape dataclasses with match
import math
from dataclasses import dataclass


@dataclass
class Circle:
    radius: float


@dataclass
class Rect:
    width: float
    height: float


@dataclass
class Triangle:
    a: float
    b: float
    c: float


def area(shape: object) -> float:
    match shape:
        case Circle(radius=r):
            return math.pi * r * r
        case Rect(w, h) if w == h:
            print("  (a square)")
            return w * w
        case Rect(w, h):
            return w * h
        case Triangle(a, b, c):
            s = (a + b + c) / 2
            return math.sqrt(s * (s - a) * (s - b) * (s - c))
        case _:
            raise TypeError(f"unknown shape {shape!r}")


for shape in [Circle(1), Rect(3, 4), Rect(2, 2), Triangle(3, 4, 5)]:
    print(shape, f"{area(shape):.4f}")
try:
    area("hexagon")
except TypeError as exc:
    print(exc)
