# A Semester class comparable with tuples of fields and usable with sorted/min/max
from functools import total_ordering


@total_ordering
class Semester:
    ORDER = {"spring": 0, "summer": 1, "fall": 2}

    def __init__(self, term: str, year: int) -> None:
        self.term, self.year = term.lower(), year

    def _key(self) -> tuple[int, int]:
        return self.year, self.ORDER[self.term]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Semester) and self._key() == other._key()

    def __lt__(self, other: "Semester") -> bool:
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{self.term.title()} {self.year}"


terms = [Semester("Fall", 2023), Semester("spring", 2024), Semester("Summer", 2023), Semester("fall", 2023)]
print(sorted(terms), min(terms), max(terms))
print(len(set(terms)), Semester("fall", 2023) >= Semester("summer", 2023))
