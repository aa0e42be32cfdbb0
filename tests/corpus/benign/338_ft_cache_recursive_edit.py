# Recursive memoized solution: minimum coins for an amount
from functools import lru_cache

COINS = (1, 5, 10, 21, 25)


@lru_cache(maxsize=None)
def min_coins(amount: int) -> int:
    if amount == 0:
        return 0
    return 1 + min(min_coins(amount - c) for c in COINS if c <= amount)


for amount in (11, 42, 63, 99):
    print(f"{amount}: {min_coins(amount)} coins")
print(min_coins.cache_info().currsize)
