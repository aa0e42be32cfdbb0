# Aliases in enums and the @unique decorator
from enum import Enum, unique


class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2


print(Shape.ALIAS_FOR_SQUARE, Shape.ALIAS_FOR_SQUARE is Shape.SQUARE)
print(list(Shape))
print([(name, member.name) for name, member in Shape.__members__.items()])
try:
    @unique
    class Mistake(Enum):
        ONE = 1
        TWO = 2
        THREE = 3
        FOUR = 3
except ValueError as exc:
    print("ValueError:", exc)
