# A traffic light state machine using an Enum
from enum import Enum


class Light(Enum):
    RED = "red"
    GREEN = "green"
    YELLOW = "yellow"

    def next(self) -> "Light":
        order = {Light.RED: Light.GREEN, Light.GREEN: Light.YELLOW, Light.YELLOW: Light.RED}
        return order[self]

    @property
    def duration(self) -> int:
        return {"red": 30, "green": 25, "yellow": 5}[self.value]


if __name__ == "__main__":
    state = Light.RED
    elapsed = 0
    for _ in range(7):
        print(f"t={elapsed:>3}s {state.name:<6} for {state.duration}s")
        elapsed += state.duration
        state = state.next()
