# Sorting objects by attributes with operator.attrgetter
from dataclasses import dataclass
from operator import attrgetter


@dataclass
class Employee:
    name: str
    dept: str
    salary: int


staff = [Employee("Zed", "ops", 70_000), Employee("Amy", "eng", 120_000),
         Employee("Bob", "eng", 95_000), Employee("Cat", "ops", 82_000)]
for e in sorted(staff, key=attrgetter("dept", "salary")):
    print(e)
print([e.name for e in sorted(staff, key=attrgetter("name"))])
