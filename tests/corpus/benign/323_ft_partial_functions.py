# Pre-filling arguments with functools.partial
from functools import partial


def power(base: float, exponent: float) -> float:
    return base ** exponent


def log_message(level: str, message: str, *, prefix: str = "app") -> str:
    return f"[{prefix}] {level.upper()}: {message}"


square = partial(power, exponent=2)
cube = partial(power, exponent=3)
print([square(x) for x in range(5)], cube(3))
warn = partial(log_message, "warning")
db_error = partial(log_message, "error", prefix="db")
print(warn("disk 85% full"))
print(db_error("connection refused"))
print(square.func.__name__, square.args, square.keywords)
parse_binary = partial(int, base=2)
print(parse_binary("1011"), list(map(parse_binary, ["1", "10", "11"])))
