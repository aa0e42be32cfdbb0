# Greatest common divisor and least common multiple
import math
from functools import reduce

pairs = [(48, 18), (17, 5), (100, 75), (0, 9)]
for a, b in pairs:
    print(f"gcd({a}, {b}) = {math.gcd(a, b)}, lcm = {math.lcm(a, b)}")

numbers = [12, 15, 20, 30]
print("gcd of", numbers, "=", reduce(math.gcd, numbers))
print("lcm of", numbers, "=", math.lcm(*numbers))


def extended_gcd(a: int, b: int) -> tuple[int, int, int]:
    if b == 0:
        return a, 1, 0
    g, x, y = extended_gcd(b, a % b)
    return g, y, x - (a // b) * y


g, x, y = extended_gcd(240, 46)
print(f"240*{x} + 46*{y} = {g}")
print("modular inverse of 3 mod 11:", pow(3, -1, 11))
