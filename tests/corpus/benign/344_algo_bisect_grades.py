# Mapping scores to letter grades with bisect
from bisect import bisect


def grade(score: float, breakpoints: list[int] = [60, 70, 80, 90], grades: str = "FDCBA") -> str:
    return grades[bisect(breakpoints, score)]


scores = [33, 99, 77, 70, 89, 90, 100, 59.9]
print([(s, grade(s)) for s in scores])
