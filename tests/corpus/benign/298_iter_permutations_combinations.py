# Permutations, combinations and combinations with replacement
from itertools import combinations, combinations_with_replacement, permutations

letters = "ABC"
print("permutations:", ["".join(p) for p in permutations(letters)])
print("2-permutations:", ["".join(p) for p in permutations(letters, 2)])
print("combinations:", ["".join(c) for c in combinations("ABCD", 2)])
print("with replacement:", ["".join(c) for c in combinations_with_replacement("AB", 3)])
coins = [1, 5, 10, 25, 50]
ways = [c for r in range(1, len(coins) + 1) for c in combinations(coins, r) if sum(c) == 60]
print("coin subsets summing to 60:", ways)
