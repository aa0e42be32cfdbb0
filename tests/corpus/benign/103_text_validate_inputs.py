# Validate phone numbers, postal codes and passwords with regular expressions
import re

PHONE = re.compile(r"^\(?(\d{3})\)?[-.\s]?(\d{3})[-.\s]?(\d{4})$")
ZIP = re.compile(r"^\d{5}(-\d{4})?$")
for p in ["(555) 123-4567", "555.123.4567", "5551234567", "555-1234", "(555)-123-45678"]:
    m = PHONE.match(p)
    print(f"{p:<16} {'valid ' + '-'.join(m.groups()) if m else 'invalid'}")
for z in ["12345", "12345-6789", "1234", "123456"]:
    print(z, bool(ZIP.fullmatch(z)))


def password_problems(pw: str) -> list[str]:
    rules = [(r".{8,}", "at least 8 chars"), (r"[A-Z]", "an uppercase letter"),
             (r"[a-z]", "a lowercase letter"), (r"\d", "a digit"), (r"[^\w\s]", "a symbol")]
    return [msg for pattern, msg in rules if not re.search(pattern, pw)]


for pw in ["hunter2", "Password1", "C0rrect-Horse"]:
    print(pw, "->", password_problems(pw) or "ok")
