# Convert a meeting time between fixed-offset time zones
from datetime import datetime, timedelta, timezone

zones = {
    "UTC": timezone.utc,
    "New York (EDT)": timezone(timedelta(hours=-4), "EDT"),
    "London (BST)": timezone(timedelta(hours=1), "BST"),
    "Mumbai (IST)": timezone(timedelta(hours=5, minutes=30), "IST"),
    "Tokyo (JST)": timezone(timedelta(hours=9), "JST"),
}
meeting = datetime(2024, 6, 12, 14, 0, tzinfo=zones["New York (EDT)"])
for name, tz in zones.items():
    local = meeting.astimezone(tz)
    print(f"{name:<15} {local:%Y-%m-%d %H:%M} {local.tzname():>9} {local.utcoffset()}")
print("same instant:", meeting == meeting.astimezone(timezone.utc))
