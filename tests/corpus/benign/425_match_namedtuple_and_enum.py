# Matching NamedTuples and Enum members together
from enum import Enum
from typing import NamedTuple


class Side(Enum):
    BUY = "buy"
    SELL = "sell"


class Order(NamedTuple):
    side: Side
    symbol: str
    qty: int
    price: float


def route(order: Order) -> str:
    match order:
        case Order(Side.BUY, symbol, qty, price) if qty * price > 10_000:
            return f"large buy of {symbol}: needs approval"
        case Order(Side.BUY, symbol, qty, _):
            return f"buy {qty} {symbol}"
        case Order(side=Side.SELL, qty=qty) if qty <= 0:
            return "invalid sell quantity"
        case Order(Side.SELL, symbol, qty, price):
            return f"sell {qty} {symbol} at {price:.2f}"


for o in [Order(Side.BUY, "AAPL", 100, 190.0), Order(Side.BUY, "F", 10, 12.5), Order(Side.SELL, "MSFT", 0, 400.0),
          Order(Side.SELL, "MSFT", 5, 401.25)]:
    print(route(o))
