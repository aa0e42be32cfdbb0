# Digit sums, reversal and palindromes
def digit_sum(n: int) -> int:
    return sum(int(d) for d in str(abs(n)))


def reverse_number(n: int) -> int:
    sign = -1 if n < 0 else 1
    return sign * int(str(abs(n))[::-1])


def digital_root(n: int) -> int:
    while n >= 10:
        n = digit_sum(n)
    return n


for n in [12345, 9875, -420, 1221, 2 ** 64]:
    print(n, digit_sum(n), reverse_number(n), digital_root(abs(n)), str(n) == str(n)[::-1])
