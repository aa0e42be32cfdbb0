# Binary search, written by hand, plus first/last occurrence
def binary_search(items: list[int], target: int) -> int:
    lo, hi = 0, len(items) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if items[mid] == target:
            return mid
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def first_occurrence(items: list[int], target: int) -> int:
    lo, hi = 0, len(items)
    while lo < hi:
        mid = (lo + hi) // 2
        if items[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < len(items) and items[lo] == target else -1


data = [1, 3, 3, 3, 5, 8, 13, 21, 34]
for t in (3, 13, 4, 1, 34):
    print(t, binary_search(data, t), first_occurrence(data, t))
