# ISO week numbers and finding the Monday of a given ISO week
from datetime import date

for d in [date(2024, 1, 1), date(2024, 12, 30), date(2021, 1, 3), date(2026, 6, 15)]:
    year, week, weekday = d.isocalendar()
    print(f"{d} -> ISO year {year}, week {week:02d}, weekday {weekday} ({d:%a})")
monday = date.fromisocalendar(2024, 33, 1)
print("Monday of 2024-W33:", monday, "| Sunday:", date.fromisocalendar(2024, 33, 7))
print("strftime %G-W%V-%u:", date(2027, 1, 1).strftime("%G-W%V-%u"))
