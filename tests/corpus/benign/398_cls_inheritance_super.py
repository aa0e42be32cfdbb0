# Inheritance, method overriding and super()
class Shape:
    def __init__(self, name: str) -> None:
        self.name = name

    def area(self) -> float:
        raise NotImplementedError

    def describe(self) -> str:
        return f"{self.name} with area {self.area():.2f}"


class Rectangle(Shape):
    def __init__(self, w: float, h: float) -> None:
        super().__init__("rectangle")
        self.w, self.h = w, h

    def area(self) -> float:
        return self.w * self.h


class Square(Rectangle):
    def __init__(self, side: float) -> None:
        super().__init__(side, side)
        self.name = "square"

    def describe(self) -> str:
        return super().describe() + f" (side {self.w})"


for s in [Rectangle(2, 3.5), Square(4)]:
    print(s.describe(), isinstance(s, Rectangle), type(s).__name__)
print(issubclass(Square, Shape), [c.__name__ for c in Square.__mro__])
try:
    Shape("blob").describe()
except NotImplementedError:
    print("Shape.area is abstract")
