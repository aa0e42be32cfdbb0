# A basic Enum: members, names, values and iteration
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value)
print(Color(2), Color["BLUE"])
print([c.name for c in Color])
print(Color.RED is Color(1), Color.RED == 1, len(Color))
try:
    Color(7)
except ValueError as exc:
    print("ValueError:", exc)
