# Making a plain Enum orderable with functools.total_ordering
from enum import Enum
from functools import total_ordering


@total_ordering
class Grade(Enum):
    F = 0
    D = 1
    C = 2
    B = 3
    A = 4

    def __lt__(self, other: "Grade") -> bool:
        if isinstance(other, Grade):
            return self.value < other.value
        return NotImplemented


grades = [Grade.B, Grade.F, Grade.A, Grade.C, Grade.B]
print(sorted(grades))
print(max(grades), min(grades), Grade.C >= Grade.D)
print([g.name for g in Grade if g >= Grade.C])
