# Merging overlapping intervals with reduce
from functools import reduce


def merge(acc: list[list[int]], interval: list[int]) -> list[list[int]]:
    if acc and interval[0] <= acc[-1][1]:
        acc[-1][1] = max(acc[-1][1], interval[1])
    else:
        acc.append(list(interval))
    return acc


intervals = [[1, 3], [8, 10], [2, 6], [15, 18], [17, 20], [9, 11]]
print(reduce(merge, sorted(intervals), []))
meetings = [[9, 10], [9, 12], [13, 14], [14, 15]]
print(reduce(merge, sorted(meetings), []))
