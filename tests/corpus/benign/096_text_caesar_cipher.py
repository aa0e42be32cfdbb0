# Caesar cipher and ROT13 using str.maketrans
import string


def caesar(text: str, shift: int) -> str:
    lower, upper = string.ascii_lowercase, string.ascii_uppercase
    table = str.maketrans(lower + upper, lower[shift:] + lower[:shift] + upper[shift:] + upper[:shift])
    return text.translate(table)


message = "Attack at Dawn! Meet at 0600."
encrypted = caesar(message, 3)
print(encrypted)
print(caesar(encrypted, -3))
print(caesar("Hello, ROT13", 13), "->", caesar(caesar("Hello, ROT13", 13), 13))
print("remove vowels:", message.translate(str.maketrans("", "", "aeiouAEIOU")))
