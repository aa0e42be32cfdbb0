# A weak-valued object cache with hit/miss statistics for parsed documents.
import weakref


class Document:
    def __init__(self, text):
        self.words = text.split()


class DocCache:
    def __init__(self):
        self._docs = weakref.WeakValueDictionary()
        self.hits = self.misses = 0

    def __contains__(self, text):
        return text in self._docs

    def get(self, text):
        doc = self._docs.get(text)
        if doc is None:
            self.misses += 1
            doc = Document(text)
            self._docs[text] = doc
        else:
            self.hits += 1
        return doc


cache = DocCache()
keep = [cache.get("a b c"), cache.get("d e")]
for t in ["a b c", "d e", "a b c", "f g h i"]:
    print(f"{t!r}: {len(cache.get(t).words)} words")
print(f"hits={cache.hits} misses={cache.misses}")
print("f g h i still cached:", "f g h i" in cache)
