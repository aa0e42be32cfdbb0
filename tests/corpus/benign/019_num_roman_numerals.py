# Convert integers to Roman numerals and back
SYMBOLS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def to_roman(n: int) -> str:
    out = []
    for value, sym in SYMBOLS:
        count, n = divmod(n, value)
        out.append(sym * count)
    return "".join(out)


def from_roman(s: str) -> int:
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for ch, nxt in zip(s, s[1:] + " "):
        v = values[ch]
        total += -v if nxt != " " and values[nxt] > v else v
    return total


if __name__ == "__main__":
    for year in [1987, 2024, 3999, 444, 14]:
        r = to_roman(year)
        print(f"{year:>4} -> {r:<12} -> {from_roman(r)}")
