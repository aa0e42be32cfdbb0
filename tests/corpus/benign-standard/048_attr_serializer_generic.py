# A generic to_dict() that walks public attributes of nested objects.
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


class Polygon:
    def __init__(self, name, points):
        self.name = name
        self.points = points
        self._area_cache = None

    def perimeter(self):
        pts = self.points + self.points[:1]
        return sum(((b.x - a.x) ** 2 + (b.y - a.y) ** 2) ** 0.5 for a, b in zip(pts, pts[1:]))


def to_dict(obj):
    if isinstance(obj, list):
        return [to_dict(o) for o in obj]
    try:
        fields = vars(obj)
    except TypeError:  # ints, strings and other builtins have no vars()
        return obj
    return {k: to_dict(v) for k, v in fields.items() if not k.startswith("_")}


square = Polygon("unit square", [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
print(to_dict(square))
print("perimeter:", square.perimeter())
