# Build nested dataclasses from a parsed JSON dict
import json
from dataclasses import dataclass


@dataclass
class LineItem:
    sku: str
    qty: int
    price: float


@dataclass
class Order:
    order_id: str
    items: list[LineItem]

    @property
    def total(self) -> float:
        return round(sum(i.qty * i.price for i in self.items), 2)


raw = '{"order_id": "SO-1001", "items": [{"sku": "A", "qty": 2, "price": 9.99}, {"sku": "B", "qty": 1, "price": 24.5}]}'
data = json.loads(raw)
order = Order(data["order_id"], [LineItem(**i) for i in data["items"]])
print(order)
print("total:", order.total)
