# A text adventure command parser using sequence patterns
def execute(command: str) -> str:
    match command.split():
        case []:
            return "say something"
        case ["look"]:
            return "you see a dark room"
        case ["go", ("north" | "south" | "east" | "west") as direction]:
            return f"you walk {direction}"
        case ["go", other]:
            return f"you can't go {other}"
        case ["take", item]:
            return f"you take the {item}"
        case ["take", *items] if items:
            return f"you take {', '.join(items)}"
        case ["quit" | "exit"]:
            return "goodbye"
        case [verb, *_]:
            return f"unknown verb {verb!r}"


def main() -> None:
    for cmd in ["", "look", "go north", "go up", "take lamp", "take key coin map", "exit", "dance wildly"]:
        print(f"{cmd!r:<20} -> {execute(cmd)}")


if __name__ == "__main__":
    main()
