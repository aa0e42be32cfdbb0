# Spell out integers in English
ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
        "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
SCALES = [(1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"), (100, "hundred")]


def words(n: int) -> str:
    if n < 20:
        return ONES[n]
    if n < 100:
        tens, rest = divmod(n, 10)
        return TENS[tens] + ("-" + ONES[rest] if rest else "")
    for value, name in SCALES:
        if n >= value:
            head, rest = divmod(n, value)
            return f"{words(head)} {name}" + (f" {words(rest)}" if rest else "")
    raise ValueError(n)


for n in [0, 13, 45, 100, 342, 1_001, 90_210, 7_000_019, 1_234_567_890]:
    print(f"{n:>13,}: {words(n)}")
