# Parse a "repr"-style data dump (Python literals) line by line.
import ast

DUMP = """
{'id': 1, 'name': 'alpha', 'scores': [90, 85.5]}
{'id': 2, 'name': 'beta', 'scores': []}
{'id': 3, 'name': 'gamma', 'scores': [70, 88, 92], 'tags': {'new', 'vip'}}
(4, 'delta')
"""

records = [ast.literal_eval(line) for line in DUMP.strip().splitlines()]
for rec in records:
    if isinstance(rec, dict):
        scores = rec["scores"]
        avg = sum(scores) / len(scores) if scores else float("nan")
        tags = sorted(rec.get("tags", set()))
        print(f"{rec['id']} {rec['name']:<6} avg={avg:.2f} tags={tags}")
    else:
        print("non-dict record:", rec)
print("literal negative and complex:", ast.literal_eval("-5"), ast.literal_eval("1+2j"))
