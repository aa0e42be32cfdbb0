# Count business days between two dates, skipping weekends and holidays
from datetime import date, timedelta

holidays = {date(2024, 12, 25), date(2024, 12, 26), date(2025, 1, 1)}


def business_days(start: date, end: date) -> int:
    days = 0
    current = start
    while current < end:
        if current.weekday() < 5 and current not in holidays:
            days += 1
        current += timedelta(days=1)
    return days


def add_business_days(start: date, n: int) -> date:
    current = start
    while n > 0:
        current += timedelta(days=1)
        if current.weekday() < 5 and current not in holidays:
            n -= 1
    return current


if __name__ == "__main__":
    print(business_days(date(2024, 12, 20), date(2025, 1, 6)))
    print(add_business_days(date(2024, 12, 20), 5))
    print(add_business_days(date(2024, 12, 20), 10).strftime("%A %d %B %Y"))
