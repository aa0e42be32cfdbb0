# Formatting one datetime in several common styles
from datetime import datetime

moment = datetime(2024, 7, 4, 15, 7, 9, 123456)
formats = {
    "ISO": "%Y-%m-%dT%H:%M:%S",
    "US": "%m/%d/%Y %I:%M %p",
    "European": "%d.%m.%Y %H:%M",
    "Long": "%A, %B %d, %Y",
    "Short month": "%d %b %y",
    "Day of year": "%j",
    "Week number": "%U / %W",
    "Micro": "%H:%M:%S.%f",
}
for name, fmt in formats.items():
    print(f"{name:<12} {moment.strftime(fmt)}")
print(moment.isoformat(), moment.isoformat(sep=" ", timespec="minutes"))
