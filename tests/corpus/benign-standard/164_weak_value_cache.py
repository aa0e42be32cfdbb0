# An image cache that does not keep images alive: WeakValueDictionary.
import weakref


class Image:
    def __init__(self, name, size):
        self.name = name
        self.size = size


cache = weakref.WeakValueDictionary()


def load(name):
    img = cache.get(name)
    if img is not None:
        print(f"cache hit: {name}")
        return img
    print(f"loading {name}")
    img = Image(name, len(name) * 100)
    cache[name] = img
    return img


a = load("logo.png")
b = load("logo.png")
print("same object:", a is b)
c = load("banner.jpg")
print("cached:", sorted(cache.keys()))
del a, b
print("after releasing logo:", sorted(cache.keys()))
del c
print("cache empty:", len(cache) == 0)
