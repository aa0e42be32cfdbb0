# Custom sort orders with functools.cmp_to_key
from functools import cmp_to_key


def largest_number_cmp(a: str, b: str) -> int:
    if a + b > b + a:
        return -1
    if a + b < b + a:
        return 1
    return 0


nums = [3, 30, 34, 5, 9]
ordered = sorted(map(str, nums), key=cmp_to_key(largest_number_cmp))
print("largest number:", "".join(ordered))


def by_length_then_reverse_alpha(a: str, b: str) -> int:
    if len(a) != len(b):
        return len(a) - len(b)
    return (a < b) - (a > b)


print(sorted(["pear", "fig", "apple", "kiwi", "date", "plum"], key=cmp_to_key(by_length_then_reverse_alpha)))
