# Index the lines each word appears on
from collections import defaultdict

text = """the cat sat on the mat
the dog sat on the log
a cat and a dog"""
index: defaultdict[str, list[int]] = defaultdict(list)
for lineno, line in enumerate(text.splitlines(), 1):
    for word in line.split():
        if lineno not in index[word]:
            index[word].append(lineno)
for word in sorted(index):
    print(f"{word:<4} {index[word]}")
print("missing word lookup creates key:", index["zebra"], "zebra" in index)
