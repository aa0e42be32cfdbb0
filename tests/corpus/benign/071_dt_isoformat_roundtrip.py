# Round-tripping datetimes through ISO 8601 strings
from datetime import date, datetime, time, timedelta, timezone

samples = [
    "2024-02-29",
    "2024-02-29T13:45:00",
    "2024-02-29T13:45:00.250000+05:30",
    "2024-02-29T23:59:59Z",
]
for text in samples:
    if "T" in text:
        value = datetime.fromisoformat(text)
    else:
        value = date.fromisoformat(text)
    print(f"{text:<34} -> {value!r}")
    print(f"{'':<34}    {value.isoformat()}")
t = time.fromisoformat("07:30:15")
print(t, t.replace(hour=8).isoformat(timespec="minutes"))
print(datetime(2024, 1, 1, tzinfo=timezone(timedelta(hours=-8))).isoformat())
