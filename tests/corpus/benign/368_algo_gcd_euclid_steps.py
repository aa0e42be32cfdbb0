# Euclid's algorithm with the steps shown, and binary exponentiation
def gcd_steps(a: int, b: int) -> int:
    while b:
        print(f"  {a} = {a // b} * {b} + {a % b}")
        a, b = b, a % b
    return a


print("gcd(1071, 462) =", gcd_steps(1071, 462))


def mod_pow(base: int, exp: int, mod: int) -> int:
    result = 1
    base %= mod
    while exp:
        if exp & 1:
            result = result * base % mod
        base = base * base % mod
        exp >>= 1
    return result


print(mod_pow(7, 560, 561), pow(7, 560, 561), mod_pow(2, 10 ** 18, 10 ** 9 + 7))
