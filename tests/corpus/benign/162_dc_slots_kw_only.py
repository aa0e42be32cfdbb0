# Dataclasses with slots=True and kw_only=True (Python 3.10+)
from dataclasses import KW_ONLY, dataclass


@dataclass(slots=True)
class Pixel:
    x: int
    y: int
    color: str = "black"


@dataclass(kw_only=True)
class Request:
    url: str
    method: str = "GET"
    timeout: float = 5.0


@dataclass
class Query:
    text: str
    _: KW_ONLY
    limit: int = 10
    offset: int = 0


p = Pixel(1, 2)
try:
    p.alpha = 0.5
except AttributeError as exc:
    print("slots prevent new attributes:", type(exc).__name__)
print(p, Pixel.__slots__)
print(Request(url="https://example.com", timeout=2))
print(Query("python dataclasses", limit=5))
