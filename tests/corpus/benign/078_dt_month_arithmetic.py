# Adding months to a date without a third-party library (clamping the day)
import calendar
from datetime import date


def add_months(d: date, months: int) -> date:
    month_index = d.month - 1 + months
    year = d.year + month_index // 12
    month = month_index % 12 + 1
    day = min(d.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


start = date(2024, 1, 31)
for m in [1, 2, 3, 12, 13, -1, -11]:
    print(f"{start} {m:+d} months -> {add_months(start, m)}")
print("end of each quarter:", [add_months(date(2024, 1, 31), k).isoformat() for k in (2, 5, 8, 11)])
