# Memoise an expensive per-object computation without leaking memory.
import weakref


class Polygon:
    def __init__(self, points):
        self.points = points


_area_cache = weakref.WeakKeyDictionary()
computations = 0


def area(poly):
    global computations
    if poly not in _area_cache:
        computations += 1
        pts = poly.points
        s = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]))
        _area_cache[poly] = abs(s) / 2
    return _area_cache[poly]


square = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)])
tri = Polygon([(0, 0), (5, 0), (0, 3)])
for p in (square, tri, square, square, tri):
    print("area:", area(p))
print("computed only", computations, "times")
del tri, p  # the loop variable also referenced the triangle
print("cache size after deleting triangle:", len(_area_cache))
