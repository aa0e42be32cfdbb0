# A small 2x2 matrix type as a frozen dataclass with operators
from dataclasses import dataclass


@dataclass(frozen=True)
class Mat2:
    a: float
    b: float
    c: float
    d: float

    def __matmul__(self, other: "Mat2") -> "Mat2":
        return Mat2(self.a * other.a + self.b * other.c, self.a * other.b + self.b * other.d,
                    self.c * other.a + self.d * other.c, self.c * other.b + self.d * other.d)

    def det(self) -> float:
        return self.a * self.d - self.b * self.c


fib = Mat2(1, 1, 1, 0)
m = Mat2(1, 0, 0, 1)
for _ in range(10):
    m = m @ fib
print(m, "-> F(10) =", m.b)
print("det:", Mat2(2, 3, 1, 4).det())
