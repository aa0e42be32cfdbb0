# Read a matrix given as a Python literal string and compute its transpose and determinant.
import ast

text = "[[2, -1, 0], [1, 3, 2], [0, 5, -4]]"
m = ast.literal_eval(text)
assert all(len(row) == len(m) for row in m), "matrix must be square"


def det(a):
    if len(a) == 1:
        return a[0][0]
    return sum((-1) ** j * a[0][j] * det([row[:j] + row[j + 1:] for row in a[1:]]) for j in range(len(a)))


transpose = [list(col) for col in zip(*m)]
print("matrix:", m)
print("transpose:", transpose)
print("determinant:", det(m))
print("det(transpose) equal:", det(transpose) == det(m))
