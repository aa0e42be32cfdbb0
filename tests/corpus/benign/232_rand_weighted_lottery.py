# Weighted raffle: tickets bought determine odds; draw 3 distinct winners
import random

tickets = {"ana": 5, "ben": 1, "cho": 3, "dev": 10, "eli": 1}
rng = random.Random(2025)
pool = [name for name, n in tickets.items() for _ in range(n)]
winners: list[str] = []
while len(winners) < 3:
    pick = rng.choice(pool)
    if pick not in winners:
        winners.append(pick)
print("winners:", winners)
total = sum(tickets.values())
for name, n in tickets.items():
    print(f"{name}: {n:>2} tickets, first-draw odds {n / total:.1%}")
