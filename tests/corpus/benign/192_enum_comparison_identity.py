# Enum members are singletons: compare with `is`, and they are hashable
from enum import Enum


class Suit(Enum):
    HEARTS = 1
    SPADES = 2


a = Suit.HEARTS
b = Suit(1)
print(a is b, a == b, a != Suit.SPADES)
print(hash(a) == hash(b))
print({Suit.HEARTS: "red", Suit.SPADES: "black"}[b])
print(Suit.HEARTS == 1, Suit.HEARTS.value == 1)
print(isinstance(a, Suit), type(a).__name__)
print(sorted(Suit, key=lambda s: s.name))
