# Full text calendar with Monday as the first day, and a month's holidays marked
import calendar

tc = calendar.TextCalendar(firstweekday=calendar.MONDAY)
print(tc.formatmonth(2025, 12))
holidays = {25: "Christmas", 26: "Boxing Day", 31: "New Year's Eve"}
for week in tc.monthdays2calendar(2025, 12):
    for day, weekday in week:
        if day in holidays:
            print(f"{calendar.day_abbr[weekday]} {day:>2}: {holidays[day]}")
print(list(calendar.month_name)[1:4], list(calendar.day_abbr))
