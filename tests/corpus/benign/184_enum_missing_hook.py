# Case-insensitive lookup with the _missing_ hook
from enum import Enum


class Size(Enum):
    SMALL = "s"
    MEDIUM = "m"
    LARGE = "l"

    @classmethod
    def _missing_(cls, value: object) -> "Size | None":
        if isinstance(value, str):
            v = value.strip().lower()
            for member in cls:
                if v in (member.value, member.name.lower()):
                    return member
        return None


for raw in ["s", "M", " large ", "Medium", "xl"]:
    try:
        print(f"{raw!r} -> {Size(raw)}")
    except ValueError as exc:
        print(f"{raw!r} -> error: {exc}")
