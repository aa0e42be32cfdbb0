# Parsing timestamps with UTC offsets (%z) and normalizing to UTC
from datetime import datetime, timezone

raw = [
    "2024-08-01 12:00:00 +0200",
    "2024-08-01 06:30:00 -0400",
    "2024-08-01 19:45:00 +0900",
    "2024-08-01 10:15:00 +0000",
]
parsed = [datetime.strptime(r, "%Y-%m-%d %H:%M:%S %z") for r in raw]
for r, p in sorted(zip(raw, parsed), key=lambda pair: pair[1]):
    print(f"{r} -> {p.astimezone(timezone.utc):%H:%M} UTC (offset {p.utcoffset()})")
print("earliest:", min(parsed).isoformat())
