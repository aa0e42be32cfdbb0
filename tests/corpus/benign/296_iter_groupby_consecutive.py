# Group consecutive items with itertools.groupby (sort first for full grouping)
from itertools import groupby

log = ["ok", "ok", "fail", "fail", "fail", "ok", "fail", "ok", "ok", "ok"]
print([(k, len(list(g))) for k, g in groupby(log)])
print("run-length:", "".join(f"{len(list(g))}{k}" for k, g in groupby("aaabccddddde")))
people = [("Ann", "eng"), ("Bob", "ops"), ("Cid", "eng"), ("Dee", "ops"), ("Eve", "hr")]
for dept, members in groupby(sorted(people, key=lambda p: p[1]), key=lambda p: p[1]):
    print(dept, [name for name, _ in members])
words = ["apple", "avocado", "banana", "blueberry", "cherry", "apricot"]
print({k: list(g) for k, g in groupby(sorted(words), key=lambda w: w[0])})
