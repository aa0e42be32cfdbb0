# Shuffle a deck and deal hands
import random

ranks = "23456789TJQKA"
suits = "cdhs"
deck = [r + s for s in suits for r in ranks]
random.seed(42)
random.shuffle(deck)
hands = {player: sorted(deck[i * 5:(i + 1) * 5]) for i, player in enumerate(["north", "east", "south", "west"])}
for player, hand in hands.items():
    print(f"{player:<5} {' '.join(hand)}")
print("cards left:", len(deck) - 20, "top of stock:", deck[20])
