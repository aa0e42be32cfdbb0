# Send diagnostics to stderr and results to stdout while validating records.
import sys

records = [
    {"id": 1, "email": "ann@example.com", "age": 34},
    {"id": 2, "email": "bob-at-example.com", "age": 29},
    {"id": 3, "email": "cid@example.org", "age": -5},
    {"id": 4, "email": "dee@example.net", "age": 41},
]

valid = []
for rec in records:
    problems = []
    if "@" not in rec["email"]:
        problems.append("bad email")
    if not 0 <= rec["age"] <= 130:
        problems.append("bad age")
    if problems:
        print(f"warning: record {rec['id']}: {', '.join(problems)}", file=sys.stderr)
    else:
        valid.append(rec)

print("valid ids:", [r["id"] for r in valid])
print("average age of valid:", sum(r["age"] for r in valid) / len(valid))
