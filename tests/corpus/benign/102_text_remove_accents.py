# Remove diacritics and count characters by Unicode category
import unicodedata
from collections import Counter


def strip_accents(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


names = ["José Martínez", "Zoë Saldaña", "Søren Kierkegaard", "François Müller", "Đặng Thị"]
for n in names:
    print(f"{n:<20} -> {strip_accents(n)}")
cats = Counter(unicodedata.category(c) for c in "Hello, World! 123 ñ €")
print(sorted(cats.items()))
