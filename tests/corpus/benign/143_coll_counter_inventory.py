# Inventory tracking with Counter arithmetic
from collections import Counter

stock = Counter(apples=40, pears=25, plums=10)
order = Counter(apples=15, plums=12, kiwis=3)
shipment = Counter(pears=10, kiwis=20)
missing = order - stock
print("can't fulfill:", dict(missing))
stock.subtract(order)
print("after order:", dict(stock))
stock.update(shipment)
print("after shipment:", dict(stock))
print("negative stock:", {k: v for k, v in stock.items() if v < 0})
print("positive only:", dict(+stock))
print("elements:", sorted(Counter(a=2, b=1).elements()))
