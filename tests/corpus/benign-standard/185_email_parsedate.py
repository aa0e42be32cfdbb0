# Parse email Date headers into datetimes and sort messages chronologically.
from email.utils import parsedate_to_datetime

headers = {
    "weekly report": "Fri, 05 Apr 2024 17:45:00 +0200",
    "invoice": "Mon, 01 Apr 2024 08:00:00 -0500",
    "newsletter": "Wed, 03 Apr 2024 12:00:00 +0000",
    "reminder": "1 Apr 2024 10:30:00 +0000",
}
parsed = {subject: parsedate_to_datetime(value) for subject, value in headers.items()}
for subject, when in sorted(parsed.items(), key=lambda kv: kv[1]):
    print(f"{when.isoformat():<26} (UTC offset {when.utcoffset()}) {subject}")
first, last = min(parsed.values()), max(parsed.values())
print("span:", last - first)
