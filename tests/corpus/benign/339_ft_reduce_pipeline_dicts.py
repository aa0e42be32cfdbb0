# Summing nested stats across records with reduce and Counter
from collections import Counter
from functools import reduce

reports = [
    {"errors": 2, "warnings": 5, "passed": 120},
    {"errors": 0, "warnings": 1, "passed": 98},
    {"errors": 1, "warnings": 3, "passed": 110, "skipped": 4},
]
totals = reduce(lambda acc, r: acc + Counter(r), reports, Counter())
print(dict(totals))
print(f"pass rate: {totals['passed'] / sum(totals.values()):.2%}")
