# auto() values and a custom _generate_next_value_
from enum import Enum, auto


class Status(Enum):
    PENDING = auto()
    RUNNING = auto()
    DONE = auto()
    FAILED = auto()


class Direction(Enum):
    @staticmethod
    def _generate_next_value_(name: str, start: int, count: int, last_values: list) -> str:
        return name.lower()

    NORTH = auto()
    SOUTH = auto()
    EAST = auto()
    WEST = auto()


print([(s.name, s.value) for s in Status])
print([d.value for d in Direction])
print(Direction("east"))
