# Dispatching on enum members with match
from enum import Enum, auto


class Command(Enum):
    START = auto()
    STOP = auto()
    PAUSE = auto()
    RESUME = auto()


def handle(cmd: Command, running: bool) -> tuple[str, bool]:
    match cmd:
        case Command.START if not running:
            return "starting", True
        case Command.STOP:
            return "stopping", False
        case Command.PAUSE | Command.RESUME:
            return f"{cmd.name.lower()}d", running
        case _:
            return "ignored", running


running = False
for c in [Command.START, Command.START, Command.PAUSE, Command.RESUME, Command.STOP]:
    message, running = handle(c, running)
    print(f"{c.name:<7} -> {message:<9} running={running}")
