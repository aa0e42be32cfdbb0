# enumerate and zip idioms: indexes, parallel iteration, and unzipping
names = ["Ann", "Bob", "Cid"]
scores = [91, 78, 85]
for rank, (name, score) in enumerate(sorted(zip(names, scores), key=lambda p: -p[1]), start=1):
    print(f"{rank}. {name} ({score})")
pairs = [("x", 1), ("y", 2), ("z", 3)]
letters, numbers = zip(*pairs)
print(letters, numbers)
print(dict(enumerate("abc")))
print([i for i, ch in enumerate("banana") if ch == "a"])
print(list(zip(range(3), "abc", [True, False, True])))
