# Print a month calendar and some calendar facts
import calendar

print(calendar.month(2024, 2))
print("2024 is leap:", calendar.isleap(2024), "| 2100 is leap:", calendar.isleap(2100))
print("leap days 2000-2100:", calendar.leapdays(2000, 2100))
first_weekday, ndays = calendar.monthrange(2024, 2)
print("Feb 2024 starts on", calendar.day_name[first_weekday], "and has", ndays, "days")
cal = calendar.Calendar(firstweekday=calendar.SUNDAY)
weeks = cal.monthdayscalendar(2024, 2)
print("weeks:", len(weeks), "first week:", weeks[0])
