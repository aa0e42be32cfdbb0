# A small Matrix class with __matmul__, __getitem__ and __eq__
class Matrix:
    def __init__(self, rows: list[list[int]]) -> None:
        self.rows = rows

    @property
    def shape(self) -> tuple[int, int]:
        return len(self.rows), len(self.rows[0])

    def __getitem__(self, pos: tuple[int, int]) -> int:
        r, c = pos
        return self.rows[r][c]

    def __matmul__(self, other: "Matrix") -> "Matrix":
        return Matrix([[sum(a * b for a, b in zip(row, col)) for col in zip(*other.rows)] for row in self.rows])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Matrix) and self.rows == other.rows

    def __repr__(self) -> str:
        return "\n".join(" ".join(f"{v:>4}" for v in row) for row in self.rows)


a = Matrix([[1, 2], [3, 4], [5, 6]])
b = Matrix([[7, 8, 9], [10, 11, 12]])
c = a @ b
print(c)
print(c.shape, c[2, 1], (b @ a).shape)
print(Matrix([[1, 0], [0, 1]]) @ Matrix([[2, 3], [4, 5]]) == Matrix([[2, 3], [4, 5]]))
