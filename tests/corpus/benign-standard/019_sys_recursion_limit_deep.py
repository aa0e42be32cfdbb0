# Raise the recursion limit before a deep recursive computation.
import sys

old = sys.getrecursionlimit()
sys.setrecursionlimit(5000)
print("limit raised:", sys.getrecursionlimit() == 5000)


def depth_sum(n: int) -> int:
    """Sum 1..n recursively (deliberately deep)."""
    if n == 0:
        return 0
    return n + depth_sum(n - 1)


print("depth_sum(3000) =", depth_sum(3000))
print("matches formula:", depth_sum(3000) == 3000 * 3001 // 2)
sys.setrecursionlimit(old)
print("limit restored:", sys.getrecursionlimit() == old)
