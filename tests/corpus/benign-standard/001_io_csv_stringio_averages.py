# Parse a CSV string and report the average score per subject.
import csv
import io

DATA = """name,subject,score
Alice,math,91
Bob,math,78
Alice,physics,85
Carol,math,88
Bob,physics,69
Carol,physics,94
"""

totals = {}
counts = {}
reader = csv.DictReader(io.StringIO(DATA))
for row in reader:
    subject = row["subject"]
    totals[subject] = totals.get(subject, 0) + int(row["score"])
    counts[subject] = counts.get(subject, 0) + 1

for subject in sorted(totals):
    avg = totals[subject] / counts[subject]
    print(f"{subject:<8} n={counts[subject]} avg={avg:.2f}")
