# A timer-free context manager class that tracks nesting and always cleans up
class Indenter:
    def __init__(self) -> None:
        self.level = 0

    def __enter__(self) -> "Indenter":
        self.level += 1
        return self

    def __exit__(self, exc_type, exc_value, traceback) -> None:
        self.level -= 1

    def print(self, text: str) -> None:
        print("    " * self.level + text)


with Indenter() as ind:
    ind.print("level one")
    with ind:
        ind.print("level two")
        with ind:
            ind.print("level three")
        ind.print("back to two")
    ind.print("back to one")
print("level after:", ind.level)
