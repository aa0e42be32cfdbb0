# Literal and Final annotations for constrained values
from typing import Final, Literal

MAX_RETRIES: Final = 3
Mode = Literal["r", "w", "a"]


def describe_mode(mode: Mode) -> str:
    names: dict[str, str] = {"r": "read", "w": "write", "a": "append"}
    return names[mode]


def retry_delays(base: float, strategy: Literal["linear", "exponential"] = "exponential") -> list[float]:
    if strategy == "linear":
        return [base * (i + 1) for i in range(MAX_RETRIES)]
    return [base * 2 ** i for i in range(MAX_RETRIES)]


print([describe_mode(m) for m in ("r", "w", "a")])
print(retry_delays(0.5), retry_delays(0.5, "linear"))
print(Mode, Mode.__args__)
