# Find palindromes and group anagrams
import re
from collections import defaultdict


def is_palindrome(s: str) -> bool:
    cleaned = re.sub(r"[^a-z0-9]", "", s.lower())
    return cleaned == cleaned[::-1]


for phrase in ["A man, a plan, a canal: Panama", "racecar", "hello", "Was it a car or a cat I saw?"]:
    print(f"{phrase!r}: {is_palindrome(phrase)}")

words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"]
groups: defaultdict[str, list[str]] = defaultdict(list)
for w in words:
    groups["".join(sorted(w))].append(w)
for key in sorted(groups):
    print(key, groups[key])
