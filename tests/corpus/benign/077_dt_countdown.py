# Time remaining until a deadline, broken down into parts
from datetime import datetime

now = datetime(2024, 11, 28, 16, 20, 45)
deadline = datetime(2024, 12, 24, 9, 0, 0)
remaining = deadline - now
hours, rem = divmod(remaining.seconds, 3600)
minutes, seconds = divmod(rem, 60)
print(f"{remaining.days} days, {hours} hours, {minutes} minutes, {seconds} seconds")
print(f"total hours: {remaining.total_seconds() / 3600:.2f}")
print("in weeks:", remaining.days // 7, "weeks and", remaining.days % 7, "days")
