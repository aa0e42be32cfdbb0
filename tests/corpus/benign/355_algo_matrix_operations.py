# Matrix multiplication, transpose and identity with plain lists
Matrix = list[list[float]]


def matmul(a: Matrix, b: Matrix) -> Matrix:
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


def transpose(m: Matrix) -> Matrix:
    return [list(col) for col in zip(*m)]


def identity(n: int) -> Matrix:
    return [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]


def mat_pow(m: Matrix, k: int) -> Matrix:
    result = identity(len(m))
    while k:
        if k & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        k >>= 1
    return result


a = [[1, 2, 3], [4, 5, 6]]
b = [[7, 8], [9, 10], [11, 12]]
print(matmul(a, b))
print(transpose(a))
print(matmul(a, identity(3)) == a)
print(mat_pow([[1, 1], [1, 0]], 30)[0][1])
for row in matmul(transpose(a), a):
    print(" ".join(f"{v:>4}" for v in row))
