# Calendar quarter and fiscal year (starting in April) for a list of dates
from datetime import date


def quarter(d: date) -> int:
    return (d.month - 1) // 3 + 1


def fiscal_year(d: date, start_month: int = 4) -> str:
    fy = d.year if d.month >= start_month else d.year - 1
    return f"FY{fy}-{str(fy + 1)[2:]}"


for d in [date(2024, 1, 15), date(2024, 3, 31), date(2024, 4, 1), date(2024, 11, 20)]:
    print(f"{d}: Q{quarter(d)} {fiscal_year(d)}")
