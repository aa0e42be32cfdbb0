# Creating a dataclass dynamically with make_dataclass
from dataclasses import asdict, field, make_dataclass

columns = [("sensor", str), ("value", float), ("unit", str, field(default="C"))]
Reading = make_dataclass("Reading", columns, frozen=True)
readings = [Reading("t1", 21.5), Reading("t2", 19.0), Reading("h1", 55.0, "%")]
for r in readings:
    print(r)
print(asdict(readings[2]))
print(Reading.__name__, [c[0] for c in columns])
