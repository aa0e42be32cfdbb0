# Weak references: identity, equality, hashing and getweakrefcount.
import weakref


class Token:
    def __init__(self, value):
        self.value = value


t = Token("abc")
r1 = weakref.ref(t)
r2 = weakref.ref(t)
print("same ref object reused:", r1 is r2)
print("refs equal:", r1 == r2)
print("deref value:", r1().value)
print("weak ref count:", weakref.getweakrefcount(t))
p = weakref.proxy(t)
print("count with proxy:", weakref.getweakrefcount(t))
print("proxy attribute:", p.value)
try:
    weakref.ref(42)
except TypeError as e:
    print("TypeError:", e)
del t
print("dead:", r1() is None)
