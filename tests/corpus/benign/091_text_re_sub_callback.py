# Using re.sub with a function: convert temperatures in text from F to C
import re


def f_to_c(match: re.Match[str]) -> str:
    fahrenheit = float(match.group(1))
    celsius = (fahrenheit - 32) * 5 / 9
    return f"{celsius:.1f}°C"


text = "Highs of 98.6F today, lows near 50F, and 212F is boiling. Room: 72 F."
print(re.sub(r"(-?\d+(?:\.\d+)?)\s?F\b", f_to_c, text))
print(re.sub(r"\s+", " ", "  too   many\tspaces \n here  ").strip())
print(re.sub(r"(\w+)@(\w+)\.com", r"\2 at \1", "alice@example.com, bob@test.com"))
print(re.subn(r"\d", "#", "card 4111-1111-1111-1234"))
