# A traffic light state machine whose transitions are methods named on_<state>.
class TrafficLight:
    def __init__(self):
        self.state = "red"
        self.ticks = 0

    def on_red(self):
        return "green" if self.ticks >= 3 else "red"

    def on_green(self):
        return "yellow" if self.ticks >= 2 else "green"

    def on_yellow(self):
        return "red"

    def tick(self):
        self.ticks += 1
        new_state = getattr(self, f"on_{self.state}")()
        if new_state != self.state:
            self.state, self.ticks = new_state, 0
        return self.state


light = TrafficLight()
history = [light.tick() for _ in range(12)]
print(" -> ".join(history))
print("transitions:", sum(1 for a, b in zip(history, history[1:]) if a != b))
