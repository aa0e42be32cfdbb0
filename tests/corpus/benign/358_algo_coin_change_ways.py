# Number of ways to make change, and the fewest coins
def ways(amount: int, coins: list[int]) -> int:
    table = [1] + [0] * amount
    for coin in coins:
        for a in range(coin, amount + 1):
            table[a] += table[a - coin]
    return table[amount]


def fewest(amount: int, coins: list[int]) -> int | None:
    inf = float("inf")
    best = [0] + [inf] * amount
    for a in range(1, amount + 1):
        best[a] = min((best[a - c] + 1 for c in coins if c <= a), default=inf)
    return None if best[amount] == inf else int(best[amount])


us = [1, 5, 10, 25]
print("ways to make 100c:", ways(100, us))
print("ways to make 200p (UK):", ways(200, [1, 2, 5, 10, 20, 50, 100, 200]))
for amt in (63, 7, 30):
    print(f"fewest coins for {amt}: {fewest(amt, us)} (with 1,15,25: {fewest(amt, [1, 15, 25])})")
print(fewest(3, [2]))
