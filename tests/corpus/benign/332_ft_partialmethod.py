# partialmethod to define convenience methods
from functools import partialmethod


class Light:
    def __init__(self, name: str) -> None:
        self.name = name
        self.state = "off"

    def set_state(self, state: str) -> None:
        self.state = state
        print(f"{self.name} is now {state}")

    turn_on = partialmethod(set_state, "on")
    turn_off = partialmethod(set_state, "off")
    dim = partialmethod(set_state, "dimmed")


lamp = Light("desk lamp")
lamp.turn_on()
lamp.dim()
lamp.turn_off()
print(lamp.state)
