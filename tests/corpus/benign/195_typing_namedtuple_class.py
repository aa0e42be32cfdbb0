# typing.NamedTuple with type hints and defaults
from typing import NamedTuple


class Employee(NamedTuple):
    name: str
    department: str
    salary: float = 50_000.0

    def monthly(self) -> float:
        return round(self.salary / 12, 2)


team = [Employee("Ana", "eng", 120_000), Employee("Bo", "design"), Employee("Cy", "eng", 98_500)]
for e in team:
    print(e, e.monthly())
name, dept, salary = team[0]
print(name, dept, salary)
print(max(team, key=lambda e: e.salary).name)
print(Employee._fields, Employee.__annotations__)
