# A dataclass for inventory items with a computed total
from dataclasses import dataclass


@dataclass
class Item:
    name: str
    unit_price: float
    quantity: int = 0

    def total_cost(self) -> float:
        return self.unit_price * self.quantity


items = [Item("pen", 1.2, 10), Item("notebook", 3.5, 4), Item("stapler", 12.0)]
for item in items:
    print(item, "->", f"{item.total_cost():.2f}")
print(Item("pen", 1.2, 10) == items[0])
print("inventory value:", sum(i.total_cost() for i in items))
