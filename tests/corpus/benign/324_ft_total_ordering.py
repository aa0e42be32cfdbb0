# Full set of comparisons from __eq__ and __lt__ with total_ordering
from functools import total_ordering


@total_ordering
class Version:
    def __init__(self, text: str) -> None:
        self.parts = tuple(int(p) for p in text.split("."))
        self.text = text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Version) and self.parts == other.parts

    def __lt__(self, other: "Version") -> bool:
        return self.parts < other.parts

    def __repr__(self) -> str:
        return f"Version({self.text!r})"


versions = [Version(v) for v in ["1.10.0", "1.2.3", "1.2.10", "0.9", "1.2.3"]]
print(sorted(versions))
print(Version("2.0") > Version("1.99"), Version("1.0") >= Version("1.0"), Version("1.0") <= Version("0.5"))
print(max(versions), Version("1.2.3") == Version("1.2.3"), Version("1.2.3") != Version("1.2.4"))
