# Generate date ranges: every day, every other Monday, month starts
from datetime import date, timedelta
from typing import Iterator


def date_range(start: date, end: date, step: timedelta = timedelta(days=1)) -> Iterator[date]:
    current = start
    while current <= end:
        yield current
        current += step


print([d.isoformat() for d in date_range(date(2024, 2, 26), date(2024, 3, 3))])
first_monday = date(2024, 1, 1)
print([d.strftime("%b %d") for d in date_range(first_monday, date(2024, 3, 31), timedelta(weeks=2))])
month_starts = [date(2024, m, 1) for m in range(1, 13)]
print(", ".join(d.strftime("%a") for d in month_starts))
