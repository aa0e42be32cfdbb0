# Split a dataset into train and test sets reproducibly
import random

records = [{"id": i, "label": "spam" if i % 4 == 0 else "ham"} for i in range(1, 41)]
rng = random.Random(42)
shuffled = records[:]
rng.shuffle(shuffled)
cut = int(len(shuffled) * 0.8)
train, test = shuffled[:cut], shuffled[cut:]
print("train:", len(train), "test:", len(test))
print("test ids:", sorted(r["id"] for r in test))
for name, part in [("train", train), ("test", test)]:
    spam = sum(1 for r in part if r["label"] == "spam")
    print(f"{name}: spam ratio {spam / len(part):.2f}")
