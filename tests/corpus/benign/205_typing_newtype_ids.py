# NewType to distinguish ids that are all ints at runtime
from typing import NewType

UserId = NewType("UserId", int)
OrderId = NewType("OrderId", int)

users: dict[UserId, str] = {UserId(1): "ann", UserId(2): "ben"}
orders: dict[OrderId, UserId] = {OrderId(100): UserId(2), OrderId(101): UserId(1)}


def owner_of(order: OrderId) -> str:
    return users[orders[order]]


print(owner_of(OrderId(100)), owner_of(OrderId(101)))
print(UserId(5) + 1, type(UserId(5)).__name__, UserId.__name__)
