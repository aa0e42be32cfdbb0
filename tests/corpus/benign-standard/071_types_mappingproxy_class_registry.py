# A plugin registry that hands out a read-only view of its registered handlers.
import types


class Registry:
    def __init__(self):
        self._handlers = {}
        self.handlers = types.MappingProxyType(self._handlers)

    def register(self, name):
        def decorator(fn):
            self._handlers[name] = fn
            return fn
        return decorator


reg = Registry()


@reg.register("upper")
def upper(s):
    return s.upper()


@reg.register("reverse")
def reverse(s):
    return s[::-1]


print("registered:", sorted(reg.handlers))
for name in sorted(reg.handlers):
    print(name, "->", reg.handlers[name]("Hello"))
print("proxy type:", type(reg.handlers).__name__)
print("copy is a dict:", type(reg.handlers.copy()).__name__)
