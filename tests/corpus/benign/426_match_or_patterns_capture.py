# OR patterns with captures, wildcards and the `as` keyword
def parse_flag(arg: str) -> tuple[str, str | bool]:
    match arg.split("=", 1):
        case ["--verbose" | "-v"]:
            return "verbose", True
        case ["--quiet" | "-q"]:
            return "verbose", False
        case [("--output" | "-o"), path]:
            return "output", path
        case [("--level" | "-l") as flag, ("debug" | "info" | "error") as level]:
            return "level", f"{level} (from {flag})"
        case [flag, _] if flag.startswith("-"):
            return "error", f"bad value for {flag}"
        case [positional]:
            return "input", positional


for a in ["-v", "--quiet", "-o=out.txt", "--level=debug", "-l=loud", "data.csv"]:
    print(f"{a:<16} {parse_flag(a)}")
