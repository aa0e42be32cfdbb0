# Print columns of unequal length side by side with zip_longest
from itertools import zip_longest

todo = ["write report", "email Bob", "fix bug #12"]
doing = ["code review"]
done = ["deploy", "standup", "update docs", "lunch"]
print(f"{'TODO':<15}{'DOING':<15}{'DONE':<15}")
for row in zip_longest(todo, doing, done, fillvalue=""):
    print("".join(f"{cell:<15}" for cell in row))
a, b = [1, 2, 3, 4], [10, 20]
print([x + y for x, y in zip_longest(a, b, fillvalue=0)])
