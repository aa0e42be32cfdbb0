# Get notified when an object is collected using weakref.ref with a callback.
import weakref

events = []


class Session:
    def __init__(self, user):
        self.user = user


def on_gone(ref):
    events.append("session collected")


s = Session("ann")
r = weakref.ref(s, on_gone)
print("alive:", r() is not None, "user:", r().user)
del s
print("alive after del:", r() is not None)
print("events:", events)
