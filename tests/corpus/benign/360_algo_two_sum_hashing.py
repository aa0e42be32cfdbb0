# Classic interview problems with hash maps: two-sum and first unique character
def two_sum(nums: list[int], target: int) -> tuple[int, int] | None:
    seen: dict[int, int] = {}
    for i, n in enumerate(nums):
        if target - n in seen:
            return seen[target - n], i
        seen[n] = i
    return None


def first_unique(s: str) -> int:
    counts: dict[str, int] = {}
    for ch in s:
        counts[ch] = counts.get(ch, 0) + 1
    return next((i for i, ch in enumerate(s) if counts[ch] == 1), -1)


print(two_sum([2, 7, 11, 15], 9), two_sum([3, 2, 4], 6), two_sum([1, 2], 7))
print(first_unique("leetcode"), first_unique("loveleetcode"), first_unique("aabb"))
