# Rotate a matrix 90 degrees and read it in spiral order
def rotate(m: list[list[int]]) -> list[list[int]]:
    return [list(row) for row in zip(*m[::-1])]


def spiral(m: list[list[int]]) -> list[int]:
    out = []
    m = [row[:] for row in m]
    while m:
        out += m.pop(0)
        m = [list(r) for r in zip(*m)][::-1]
    return out


mat = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
for row in rotate(mat):
    print(row)
print(spiral(mat))
print(rotate(rotate(rotate(rotate(mat)))) == mat)
