# Track live instances of a class with a class-level WeakSet.
import weakref


class Connection:
    live = weakref.WeakSet()

    def __init__(self, host):
        self.host = host
        Connection.live.add(self)

    @classmethod
    def count(cls):
        return len(cls.live)


conns = [Connection(f"db{i}.local") for i in range(4)]
print("live connections:", Connection.count())
conns = conns[:2]
print("after dropping two:", Connection.count())
temp = Connection("cache.local")
print("hosts:", sorted(c.host for c in Connection.live))
del temp
conns.clear()
print("after clearing:", Connection.count())
