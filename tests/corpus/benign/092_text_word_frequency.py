# Word frequency count, ignoring case and punctuation
import re
from collections import Counter

text = """It was the best of times, it was the worst of times, it was the age of wisdom,
it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity."""
words = re.findall(r"[a-z']+", text.lower())
counts = Counter(words)
print("total words:", len(words), "unique:", len(counts))
for word, n in counts.most_common(6):
    print(f"{word:<8} {n:>2} {'*' * n}")
stop = {"it", "was", "the", "of"}
print("content words:", sorted(w for w in counts if w not in stop))
