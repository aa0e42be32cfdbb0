# Map row tuples onto objects by column name with setattr.
class Record:
    columns = ()

    def __init__(self, row):
        for col, value in zip(self.columns, row):
            setattr(self, col, value)

    def as_line(self):
        return ", ".join(f"{c}={getattr(self, c)!r}" for c in self.columns)


class Employee(Record):
    columns = ("id", "name", "dept", "salary")


rows = [(1, "Ana", "eng", 5200), (2, "Ben", "ops", 4100), (3, "Cai", "eng", 6100)]
staff = [Employee(r) for r in rows]
for e in staff:
    print(e.as_line())

by_dept = {}
for e in staff:
    by_dept.setdefault(getattr(e, "dept"), []).append(e.salary)
for dept, salaries in sorted(by_dept.items()):
    print(f"{dept}: avg salary {sum(salaries) / len(salaries):.0f}")
