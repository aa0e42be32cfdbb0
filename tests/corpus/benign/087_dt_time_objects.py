# Working with datetime.time: combining, comparing and opening hours
from datetime import date, datetime, time, timedelta

opening, closing = time(9, 0), time(17, 30)


def is_open(moment: datetime) -> bool:
    return moment.weekday() < 5 and opening <= moment.time() < closing


checks = [datetime(2024, 5, 6, 8, 59), datetime(2024, 5, 6, 9, 0), datetime(2024, 5, 6, 17, 30),
          datetime(2024, 5, 11, 12, 0)]
for c in checks:
    print(f"{c:%a %H:%M} open: {is_open(c)}")
start = datetime.combine(date(2024, 5, 6), opening)
print("shift length:", datetime.combine(start.date(), closing) - start)
print("lunch:", (start + timedelta(hours=3, minutes=15)).time().isoformat(timespec="minutes"))
print(time(23, 59, 59, 999999) > time.max, time.min)
