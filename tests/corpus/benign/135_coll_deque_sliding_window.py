# Using deque: sliding window maximum and a bounded history
from collections import deque


def sliding_max(nums: list[int], k: int) -> list[int]:
    window: deque[int] = deque()
    result = []
    for i, n in enumerate(nums):
        while window and nums[window[-1]] <= n:
            window.pop()
        window.append(i)
        if window[0] <= i - k:
            window.popleft()
        if i >= k - 1:
            result.append(nums[window[0]])
    return result


print(sliding_max([1, 3, -1, -3, 5, 3, 6, 7], 3))
history: deque[str] = deque(maxlen=3)
for cmd in ["ls", "cd src", "make", "make test", "git status"]:
    history.append(cmd)
print(list(history))
d = deque([1, 2, 3, 4, 5])
d.rotate(2)
print(d)
d.rotate(-3)
d.appendleft(0)
d.extendleft([-2, -1])
print(d, d.count(3), d.index(4))
