# Union types, isinstance narrowing and @overload
from typing import overload


@overload
def double(x: int) -> int: ...
@overload
def double(x: str) -> str: ...
@overload
def double(x: list[int]) -> list[int]: ...
def double(x: int | str | list[int]) -> int | str | list[int]:
    if isinstance(x, int):
        return x * 2
    if isinstance(x, str):
        return x + x
    return [v * 2 for v in x]


for value in (21, "ab", [1, 2, 3]):
    print(repr(value), "->", repr(double(value)))


def to_number(v: int | float | str) -> float:
    match v:
        case int() | float():
            return float(v)
        case str():
            return float(v.replace(",", ""))


print([to_number(v) for v in (3, 2.5, "1,234.5")])
