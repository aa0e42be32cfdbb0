# Counting things with collections.Counter
from collections import Counter

votes = ["alice", "bob", "alice", "carol", "bob", "alice", "dave", "carol", "alice"]
tally = Counter(votes)
print(tally)
print("winner:", tally.most_common(1)[0])
print("top 2:", tally.most_common(2))
print("bob:", tally["bob"], "eve:", tally["eve"])
tally.update(["eve", "eve", "bob"])
tally.subtract({"alice": 1})
print(sorted(tally.items()))
print("total votes:", tally.total())
a, b = Counter("abracadabra"), Counter("alakazam")
print("a+b:", sorted((a + b).items()))
print("a&b:", sorted((a & b).items()), "a-b:", sorted((a - b).items()))
