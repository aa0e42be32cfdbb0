# Letter frequency histogram of a pangram-ish text
from collections import Counter

text = "Sphinx of black quartz, judge my vow"
letters = Counter(c for c in text.lower() if c.isalpha())
for letter, count in sorted(letters.items(), key=lambda kv: (-kv[1], kv[0]))[:8]:
    print(f"{letter} {'#' * count} {count}")
print("distinct letters:", len(letters))
print("missing letters:", "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in letters) or "none")
