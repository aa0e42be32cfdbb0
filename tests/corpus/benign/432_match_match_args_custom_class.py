# Positional class patterns on a plain class using __match_args__
class Vec:
    __match_args__ = ("x", "y")

    def __init__(self, x: float, y: float) -> None:
        self.x, self.y = x, y


def quadrant(v: Vec) -> str:
    match v:
        case Vec(0, 0):
            return "origin"
        case Vec(x, y) if x > 0 and y > 0:
            return "I"
        case Vec(x, y) if x < 0 < y:
            return "II"
        case Vec(x, y) if x < 0 and y < 0:
            return "III"
        case Vec(x, y) if x > 0 > y:
            return "IV"
        case Vec():
            return "on an axis"


for x, y in [(0, 0), (1, 2), (-1, 2), (-3, -3), (2, -5), (0, 4)]:
    print((x, y), quadrant(Vec(x, y)))
