# Weighted average of course grades
from statistics import fmean

grades = {"homework": 88.0, "midterm": 74.5, "project": 92.0, "final": 81.0}
weights = {"homework": 0.2, "midterm": 0.25, "project": 0.15, "final": 0.4}
weighted = fmean(list(grades.values()), weights=list(weights.values()))
print(f"weighted average: {weighted:.2f}")
print(f"unweighted average: {fmean(grades.values()):.2f}")
letter = next(l for cutoff, l in [(90, "A"), (80, "B"), (70, "C"), (60, "D"), (0, "F")] if weighted >= cutoff)
print("letter grade:", letter)
