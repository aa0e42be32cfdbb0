# Longest increasing subsequence in O(n log n) with bisect
from bisect import bisect_left


def lis(seq: list[int]) -> list[int]:
    tails: list[int] = []
    tails_idx: list[int] = []
    parent = [-1] * len(seq)
    for i, x in enumerate(seq):
        pos = bisect_left(tails, x)
        if pos == len(tails):
            tails.append(x)
            tails_idx.append(i)
        else:
            tails[pos] = x
            tails_idx[pos] = i
        parent[i] = tails_idx[pos - 1] if pos > 0 else -1
    out, k = [], tails_idx[-1] if tails_idx else -1
    while k != -1:
        out.append(seq[k])
        k = parent[k]
    return out[::-1]


for s in [[10, 9, 2, 5, 3, 7, 101, 18], [0, 8, 4, 12, 2, 10, 6, 14, 1, 9], [5, 4, 3]]:
    result = lis(s)
    print(len(result), result)
