# Observer pattern where subscribers are held weakly (WeakSet) so they can go away.
import weakref


class Publisher:
    def __init__(self):
        self.subscribers = weakref.WeakSet()

    def subscribe(self, sub):
        self.subscribers.add(sub)

    def publish(self, message):
        for sub in sorted(self.subscribers, key=lambda s: s.name):
            sub.receive(message)


class Subscriber:
    def __init__(self, name):
        self.name = name
        self.inbox = []

    def receive(self, message):
        self.inbox.append(message)
        print(f"{self.name} got {message!r}")


pub = Publisher()
alice, bob = Subscriber("alice"), Subscriber("bob")
pub.subscribe(alice)
pub.subscribe(bob)
pub.publish("release 1.0")
del bob
print("subscribers left:", len(pub.subscribers))
pub.publish("release 1.1")
print("alice inbox:", alice.inbox)
