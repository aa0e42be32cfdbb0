# Simple checksums: Luhn check for card numbers and ISBN-10/13 validation
def luhn_valid(number: str) -> bool:
    digits = [int(d) for d in number if d.isdigit()][::-1]
    total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits))
    return total % 10 == 0


def isbn13_valid(isbn: str) -> bool:
    digits = [int(c) for c in isbn if c.isdigit()]
    return len(digits) == 13 and sum(d * (1 if i % 2 == 0 else 3) for i, d in enumerate(digits)) % 10 == 0


def isbn10_valid(isbn: str) -> bool:
    chars = [c for c in isbn if c.isdigit() or c in "Xx"]
    values = [10 if c in "Xx" else int(c) for c in chars]
    return len(values) == 10 and sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0


for card in ["4539 1488 0343 6467", "8273 1232 7352 0569", "4111 1111 1111 1111"]:
    print(card, luhn_valid(card))
print(isbn13_valid("978-0-306-40615-7"), isbn13_valid("978-0-306-40615-8"))
print(isbn10_valid("0-306-40615-2"), isbn10_valid("0-8044-2957-X"))
