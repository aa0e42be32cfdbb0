# Distinguish bound methods from functions when building a callback list.
import types


class Counter:
    def __init__(self):
        self.count = 0

    def bump(self, n=1):
        self.count += n
        return self.count


def log_value(n):
    return f"log {n}"


c = Counter()
callbacks = [c.bump, log_value, Counter.bump]
for cb in callbacks:
    if isinstance(cb, types.MethodType):
        print(f"bound method {cb.__name__}: result {cb(5)}")
    elif isinstance(cb, types.FunctionType):
        print(f"function {cb.__qualname__}")
print("final count:", c.count)
