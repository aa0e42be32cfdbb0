# Gambler's ruin: probability of reaching a target before going broke
import random


def play(rng: random.Random, bankroll: int, target: int, p: float) -> bool:
    while 0 < bankroll < target:
        bankroll += 1 if rng.random() < p else -1
    return bankroll == target


def exact(bankroll: int, target: int, p: float) -> float:
    if p == 0.5:
        return bankroll / target
    r = (1 - p) / p
    return (1 - r ** bankroll) / (1 - r ** target)


rng = random.Random(6)
for p in (0.5, 0.49, 0.47):
    wins = sum(play(rng, 10, 20, p) for _ in range(3000))
    print(f"p={p}: simulated {wins / 3000:.3f}, exact {exact(10, 20, p):.3f}")
