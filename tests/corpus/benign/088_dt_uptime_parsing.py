# Parse durations like "2d 3h 15m 10s" into timedelta objects and sort them
import re
from datetime import timedelta

UNITS = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}


def parse_duration(text: str) -> timedelta:
    parts = {UNITS[unit]: int(value) for value, unit in re.findall(r"(\d+)\s*([dhms])", text)}
    return timedelta(**parts)


raw = ["2d 3h 15m 10s", "45m", "1h 30m", "3d", "90s", "26h"]
for text in sorted(raw, key=parse_duration):
    d = parse_duration(text)
    print(f"{text:<14} {str(d):>18} {d.total_seconds():>10.0f} s")
