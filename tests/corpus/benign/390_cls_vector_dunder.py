# A 2D vector class with arithmetic dunder methods
import math


class Vector:
    def __init__(self, x: float, y: float) -> None:
        self.x = x
        self.y = y

    def __repr__(self) -> str:
        return f"Vector({self.x}, {self.y})"

    def __add__(self, other: "Vector") -> "Vector":
        return Vector(self.x + other.x, self.y + other.y)

    def __sub__(self, other: "Vector") -> "Vector":
        return Vector(self.x - other.x, self.y - other.y)

    def __mul__(self, k: float) -> "Vector":
        return Vector(self.x * k, self.y * k)

    __rmul__ = __mul__

    def __abs__(self) -> float:
        return math.hypot(self.x, self.y)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vector) and (self.x, self.y) == (other.x, other.y)

    def __bool__(self) -> bool:
        return bool(self.x or self.y)


a, b = Vector(3, 4), Vector(1, -2)
print(a + b, a - b, a * 2, 3 * b, abs(a))
print(a == Vector(3, 4), a == b, bool(Vector(0, 0)), bool(a))
print(sum([a, b, Vector(0, 1)], Vector(0, 0)))
