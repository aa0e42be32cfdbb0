# Managing a dynamic number of context managers with ExitStack
from contextlib import ExitStack, contextmanager


@contextmanager
def resource(name: str):
    print(f"open {name}")
    try:
        yield name.upper()
    finally:
        print(f"close {name}")


names = ["db", "cache", "queue"]
with ExitStack() as stack:
    handles = [stack.enter_context(resource(n)) for n in names]
    stack.callback(print, "callback runs first on exit")
    print("using", handles)
print("all closed")
with ExitStack() as stack:
    stack.enter_context(resource("tmp"))
    keep = stack.pop_all()
print("tmp still open, closing now:")
keep.close()
