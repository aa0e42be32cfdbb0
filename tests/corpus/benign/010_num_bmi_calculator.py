# Simple BMI calculator with categories
def bmi(weight_kg: float, height_m: float) -> float:
    return weight_kg / height_m ** 2


def category(value: float) -> str:
    if value < 18.5:
        return "underweight"
    if value < 25:
        return "normal"
    if value < 30:
        return "overweight"
    return "obese"


def main() -> None:
    people = [("Ana", 52.0, 1.68), ("Ben", 81.5, 1.80), ("Cai", 95.0, 1.75), ("Dee", 70.0, 1.62)]
    for name, w, h in people:
        b = bmi(w, h)
        print(f"{name}: BMI {b:5.2f} ({category(b)})")


if __name__ == "__main__":
    main()
