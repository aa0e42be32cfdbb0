# classmethods as alternate constructors and staticmethods as helpers
from datetime import date


class Person:
    population = 0

    def __init__(self, name: str, birth_year: int) -> None:
        self.name = name
        self.birth_year = birth_year
        Person.population += 1

    @classmethod
    def from_string(cls, text: str) -> "Person":
        name, year = text.split("-")
        return cls(name.strip(), int(year))

    @staticmethod
    def is_adult(age: int) -> bool:
        return age >= 18

    def age_in(self, year: int) -> int:
        return year - self.birth_year

    def __str__(self) -> str:
        return f"{self.name} (born {self.birth_year})"


people = [Person("Ada", 1815), Person.from_string("Grace - 1906"), Person.from_string("Linus-1969")]
for p in people:
    age = p.age_in(2000)
    print(p, "age in 2000:", age, "adult:", Person.is_adult(age))
print("population:", Person.population, date(2000, 1, 1).year)
