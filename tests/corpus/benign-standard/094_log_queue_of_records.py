# A custom Handler that keeps records in a list so a test can inspect them.
import logging


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(record)


h = ListHandler()
log = logging.getLogger("inventory")
log.addHandler(h)
log.setLevel(logging.DEBUG)
log.propagate = False

stock = {"bolts": 120, "nuts": 4, "washers": 0}
for item, qty in stock.items():
    if qty == 0:
        log.error("%s out of stock", item)
    elif qty < 10:
        log.warning("%s low: %d left", item, qty)
    else:
        log.debug("%s fine", item)

print("records:", len(h.records))
for r in h.records:
    print(f"{r.levelname:<7} {r.getMessage()}  args={r.args}")
print("levels seen:", sorted({r.levelno for r in h.records}))
