# A generic Result type built from dataclasses
from dataclasses import dataclass
from typing import Generic, TypeVar, Union

T = TypeVar("T")
E = TypeVar("E")


@dataclass
class Ok(Generic[T]):
    value: T


@dataclass
class Err(Generic[E]):
    error: E


Result = Union[Ok[T], Err[str]]


def safe_divide(a: float, b: float) -> Result[float]:
    if b == 0:
        return Err("division by zero")
    return Ok(a / b)


for a, b in [(10, 4), (1, 0), (9, 3)]:
    r = safe_divide(a, b)
    match r:
        case Ok(value):
            print(f"{a}/{b} = {value}")
        case Err(error):
            print(f"{a}/{b} failed: {error}")
