# Sorting custom objects via __lt__ and comparing with __eq__
class Card:
    RANKS = "23456789TJQKA"

    def __init__(self, code: str) -> None:
        self.rank, self.suit = code[0], code[1]

    def __lt__(self, other: "Card") -> bool:
        return self.RANKS.index(self.rank) < self.RANKS.index(other.rank)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.rank == other.rank

    def __repr__(self) -> str:
        return self.rank + self.suit


hand = [Card(c) for c in ["Kh", "3d", "As", "Tc", "3s", "7h"]]
print(sorted(hand), max(hand), min(hand))
print(Card("Qh") > Card("Jd"), Card("5s") == Card("5h"), Card("5s") != Card("6s"))
