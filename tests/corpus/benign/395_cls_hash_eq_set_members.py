# __hash__ and __eq__ so objects work in sets and as dict keys
class Point:
    __slots__ = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Point):
            return NotImplemented
        return (self.x, self.y) == (other.x, other.y)

    def __hash__(self) -> int:
        return hash((self.x, self.y))

    def __repr__(self) -> str:
        return f"P({self.x},{self.y})"


visited = {Point(0, 0), Point(1, 2), Point(0, 0), Point(2, 1)}
print(len(visited), Point(1, 2) in visited)
print(sorted(visited, key=lambda p: (p.x, p.y)))
labels = {Point(0, 0): "origin"}
print(labels[Point(0, 0)], Point(3, 3) == (3, 3))
