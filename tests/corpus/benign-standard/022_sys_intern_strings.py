# Intern repeated tokens so that identity comparisons work.
import sys

words = "the cat sat on the mat while the dog sat on the log".split()
built = ["".join(["t", "h", "e"]) for _ in range(3)]
print("built strings equal:", built[0] == built[1])

interned = [sys.intern(w) for w in words]
the_tokens = [w for w in interned if w is sys.intern("the")]
print("occurrences of 'the' by identity:", len(the_tokens))

a = sys.intern("".join(["data", "_", "point"]))
b = sys.intern("data_point")
print("interned identical:", a is b)

vocab = {}
for w in interned:
    vocab[w] = vocab.get(w, 0) + 1
print(sorted(vocab.items(), key=lambda kv: (-kv[1], kv[0]))[:3])
