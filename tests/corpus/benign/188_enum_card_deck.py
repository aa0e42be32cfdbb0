# A deck of cards built from two enums
from enum import Enum, IntEnum
import random


class Suit(Enum):
    CLUBS = "♣"
    DIAMONDS = "♦"
    HEARTS = "♥"
    SPADES = "♠"


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14


deck = [(rank, suit) for suit in Suit for rank in Rank]
print(len(deck), "cards")
rng = random.Random(7)
hand = sorted(rng.sample(deck, 5), key=lambda c: (c[0], c[1].name), reverse=True)
print(" ".join(f"{r.name.title()}{s.value}" for r, s in hand))
print("high card:", hand[0][0].name, "| flush:", len({s for _, s in hand}) == 1)
