# Try several date formats until one parses
from datetime import datetime

FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%B %d, %Y", "%d %b %Y", "%Y%m%d", "%m-%d-%y %H:%M"]


def parse_date(text: str) -> datetime | None:
    for fmt in FORMATS:
        try:
            return datetime.strptime(text.strip(), fmt)
        except ValueError:
            continue
    return None


for raw in ["2024-05-06", "06/05/2024", "May 6, 2024", "6 May 2024", "20240506", "05-06-24 18:30", "next tuesday"]:
    result = parse_date(raw)
    print(f"{raw!r:<18} -> {result.isoformat() if result else 'unparseable'}")
