# Hours of sleep per night from bedtime and wake-up times (crossing midnight)
from datetime import datetime, timedelta

log = [("23:15", "06:45"), ("00:30", "07:10"), ("22:05", "05:55"), ("23:50", "08:20")]
total = timedelta()
for bed, wake in log:
    b = datetime.strptime(bed, "%H:%M")
    w = datetime.strptime(wake, "%H:%M")
    if w <= b:
        w += timedelta(days=1)
    slept = w - b
    total += slept
    print(f"{bed} -> {wake}: {slept.seconds // 3600}h {slept.seconds % 3600 // 60:02d}m")
avg = total / len(log)
print(f"average: {avg} ({avg.total_seconds() / 3600:.2f} h)")
