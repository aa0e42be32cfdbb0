# Checking enum constraints with enum.verify (Python 3.11)
from enum import CONTINUOUS, UNIQUE, Enum, IntEnum, verify


@verify(UNIQUE, CONTINUOUS)
class Step(IntEnum):
    ONE = 1
    TWO = 2
    THREE = 3


print(list(Step))
try:
    @verify(CONTINUOUS)
    class Sparse(IntEnum):
        A = 1
        B = 2
        D = 4
except ValueError as exc:
    print("ValueError:", exc)
