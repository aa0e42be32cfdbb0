# Parse CSV data held in a list of strings (no files: csv.reader accepts any iterable of lines)
import csv

lines = [
    "name,department,salary,start_date",
    "Alice Smith,Engineering,125000,2019-03-01",
    '"Brown, Bob",Sales,68000,2021-07-15',
    'Carol "CJ" Jones,Engineering,118000,2020-11-30',
    '"Dan ""The Man"" Lee",Support,52000,2022-01-10',
]
reader = csv.reader(lines)
header = next(reader)
rows = list(reader)
print(header)
for row in rows:
    print(row)
total = sum(int(r[2]) for r in rows)
print(f"total payroll: {total:,}")
