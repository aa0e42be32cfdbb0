# map, filter and lambdas compared with comprehensions
nums = [3, -1, 4, -1, 5, -9, 2, 6]
positives = list(filter(lambda n: n > 0, nums))
doubled = list(map(lambda n: n * 2, positives))
print(positives, doubled)
print([n * 2 for n in nums if n > 0] == doubled)
print(list(map(str.upper, ["a", "b"])), list(map(pow, [2, 3], [3, 2])))
print(list(filter(None, [0, 1, "", "x", None, [], [0]])))
print(sorted(nums, key=lambda n: (abs(n), n)))
print(max(["kiwi", "banana", "fig"], key=len), min(nums, key=abs))
