# Compute someone's age in years, and days until their next birthday
from datetime import date


def age_on(birth: date, today: date) -> int:
    return today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))


def days_to_birthday(birth: date, today: date) -> int:
    nxt = birth.replace(year=today.year)
    if nxt < today:
        nxt = nxt.replace(year=today.year + 1)
    return (nxt - today).days


def main() -> None:
    today = date(2024, 10, 1)
    for name, born in [("Ana", date(1990, 5, 17)), ("Raj", date(2001, 10, 1)), ("Li", date(1985, 12, 31))]:
        print(f"{name}: {age_on(born, today)} years old, next birthday in {days_to_birthday(born, today)} days")


if __name__ == "__main__":
    main()
