# Generating ids with itertools.count and formatting them
from itertools import count

order_ids = (f"ORD-{n:06d}" for n in count(start=1001))
print([next(order_ids) for _ in range(3)])
step = count(0.5, 0.25)
print([next(step) for _ in range(5)])
ticket = count(1)
queue = {name: next(ticket) for name in ["ann", "bob", "cid"]}
print(queue)
