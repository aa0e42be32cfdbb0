# Counting: factorials, permutations, combinations, Catalan numbers
import math

print("10! =", math.factorial(10))
print("P(10, 3) =", math.perm(10, 3))
print("C(52, 5) poker hands =", f"{math.comb(52, 5):,}")
print("Pascal row 8:", [math.comb(8, k) for k in range(9)])
catalan = [math.comb(2 * n, n) // (n + 1) for n in range(12)]
print("Catalan:", catalan)
odds = 1 / math.comb(49, 6)
print(f"Chance of winning 6/49 lottery: 1 in {math.comb(49, 6):,} ({odds:.2e})")
