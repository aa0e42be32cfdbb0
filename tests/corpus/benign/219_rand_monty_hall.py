# Monty Hall problem: switching vs staying
import random


def play(rng: random.Random, switch: bool) -> bool:
    doors = [0, 1, 2]
    car = rng.choice(doors)
    pick = rng.choice(doors)
    opened = rng.choice([d for d in doors if d != pick and d != car])
    if switch:
        pick = next(d for d in doors if d != pick and d != opened)
    return pick == car


def main() -> None:
    rng = random.Random(42)
    n = 20_000
    stay = sum(play(rng, False) for _ in range(n)) / n
    swap = sum(play(rng, True) for _ in range(n)) / n
    print(f"stay wins:   {stay:.4f}")
    print(f"switch wins: {swap:.4f}")


if __name__ == "__main__":
    main()
