# List the public methods and attributes of a class, the way a help tool would.
class Matrix2:
    kind = "2x2"

    def __init__(self, a, b, c, d):
        self.a, self.b, self.c, self.d = a, b, c, d
        self._cache = None

    def det(self):
        return self.a * self.d - self.b * self.c

    def trace(self):
        return self.a + self.d

    def transpose(self):
        return Matrix2(self.a, self.c, self.b, self.d)


m = Matrix2(1, 2, 3, 4)
public = [name for name in dir(m) if not name.startswith("_")]
methods = [n for n in public if callable(getattr(m, n))]
fields = [n for n in public if not callable(getattr(m, n))]
print("methods:", methods)
print("fields:", fields)
for name in methods:
    if name != "transpose":
        print(f"{name}() = {getattr(m, name)()}")
