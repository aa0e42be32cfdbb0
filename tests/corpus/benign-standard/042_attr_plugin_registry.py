# Compute shape areas by looking up a function per shape name in a registry class.
import math


class Areas:
    @staticmethod
    def circle(r):
        return math.pi * r * r

    @staticmethod
    def square(side):
        return side * side

    @staticmethod
    def rectangle(w, h):
        return w * h

    @staticmethod
    def triangle(base, height):
        return 0.5 * base * height


shapes = [("circle", 1.5), ("square", 4), ("rectangle", 2, 7), ("hexagon", 3), ("triangle", 6, 2)]
total = 0.0
for name, *dims in shapes:
    fn = getattr(Areas, name, None)
    if fn is None:
        print(f"{name}: not supported")
        continue
    area = fn(*dims)
    total += area
    print(f"{name}{tuple(dims)}: {area:.3f}")
print(f"total area: {total:.3f}")
