# IntFlag for bitmask options that interoperate with ints
from enum import IntFlag


class Style(IntFlag):
    BOLD = 1
    ITALIC = 2
    UNDERLINE = 4
    STRIKE = 8


s = Style.BOLD | Style.UNDERLINE
print(s, int(s), s == 5)
print(Style(3))
print(s | 8, Style(s | 8))
for flag in Style:
    print(f"{flag.name:<10} {'on' if flag in s else 'off'}")
