# Store callbacks to bound methods with WeakMethod so listeners can be garbage collected.
import weakref


class Button:
    def __init__(self):
        self._listeners = []

    def on_click(self, method):
        self._listeners.append(weakref.WeakMethod(method))

    def click(self):
        alive = []
        for ref in self._listeners:
            fn = ref()
            if fn is not None:
                fn()
                alive.append(ref)
        self._listeners = alive
        return len(alive)


class Counter:
    def __init__(self, name):
        self.name, self.count = name, 0

    def handle(self):
        self.count += 1
        print(f"{self.name} clicked {self.count}x")


btn = Button()
c1, c2 = Counter("first"), Counter("second")
btn.on_click(c1.handle)
btn.on_click(c2.handle)
print("listeners:", btn.click())
del c2
print("listeners:", btn.click())
