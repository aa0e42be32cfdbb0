# Timedelta arithmetic: adding durations, dividing, and total_seconds
from datetime import datetime, timedelta

start = datetime(2024, 1, 31, 22, 30)
print(start + timedelta(hours=3))
print(start + timedelta(days=30, minutes=45))
print(start - timedelta(weeks=2))
shift = timedelta(hours=7, minutes=45)
print("shift:", shift, "seconds:", shift.total_seconds())
print("5 shifts:", shift * 5)
print("shifts in a week:", timedelta(weeks=1) // shift, "remainder:", timedelta(weeks=1) % shift)
print("ratio:", timedelta(hours=1) / timedelta(minutes=25))
print("negative:", timedelta(hours=-1, minutes=15), abs(timedelta(days=-2)))
