# Word and character n-grams from text
from collections import Counter


def ngrams(tokens: list[str], n: int) -> list[tuple[str, ...]]:
    return list(zip(*(tokens[i:] for i in range(n))))


text = "to be or not to be that is the question to be"
tokens = text.split()
bigrams = Counter(ngrams(tokens, 2))
print(bigrams.most_common(3))
print(ngrams(tokens, 3)[:4])
chars = Counter("".join(g) for g in ngrams(list("banana"), 2))
print(sorted(chars.items()))
