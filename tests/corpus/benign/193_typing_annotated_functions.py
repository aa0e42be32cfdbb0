# Type-annotated helper functions for parsing user records
from typing import Optional


def parse_age(value: str) -> Optional[int]:
    value = value.strip()
    return int(value) if value.isdigit() else None


def full_name(first: str, last: str, middle: Optional[str] = None) -> str:
    return " ".join(part for part in (first, middle, last) if part)


def average(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


print(parse_age(" 42 "), parse_age("forty"), parse_age(""))
print(full_name("Ada", "Lovelace"), "|", full_name("John", "Kennedy", "Fitzgerald"))
print(average([1.5, 2.5, 3.0]), average([]))
print("parsed + 1:", parse_age("7") + 1)
