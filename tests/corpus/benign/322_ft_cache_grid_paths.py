# Counting lattice paths with functools.cache
from functools import cache


@cache
def paths(rows: int, cols: int) -> int:
    if rows == 0 or cols == 0:
        return 1
    return paths(rows - 1, cols) + paths(rows, cols - 1)


if __name__ == "__main__":
    for n in (2, 5, 10, 20):
        print(f"{n}x{n} grid: {paths(n, n):,} paths")
    print(paths.cache_info().currsize, "cached entries")
