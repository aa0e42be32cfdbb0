# Process JSON Lines (one JSON object per line) and summarize
import json
from collections import Counter

jsonl = """{"ts": "2024-05-01T10:00:00", "level": "info", "msg": "start"}
{"ts": "2024-05-01T10:00:05", "level": "error", "msg": "db timeout", "retry": 1}
{"ts": "2024-05-01T10:00:09", "level": "warning", "msg": "slow query"}
not json at all
{"ts": "2024-05-01T10:00:12", "level": "error", "msg": "db timeout", "retry": 2}"""
records, bad = [], 0
for n, line in enumerate(jsonl.splitlines(), 1):
    try:
        records.append(json.loads(line))
    except json.JSONDecodeError:
        bad += 1
        print(f"line {n}: skipped")
print(Counter(r["level"] for r in records))
print("errors:", [r["msg"] + f" (retry {r['retry']})" for r in records if r["level"] == "error"])
print("bad lines:", bad)
print("\n".join(json.dumps(r, sort_keys=True) for r in records[:2]))
