# Configure logging with a "{"-style format string.
import logging
import sys

logging.basicConfig(
    level=logging.DEBUG,
    format="[{levelname:<8}] {name}: {message}",
    style="{",
    stream=sys.stdout,
)
log = logging.getLogger("orders")


def place_order(item, qty, stock):
    log.debug("checking stock for %s", item)
    if qty > stock.get(item, 0):
        log.warning("insufficient stock for %s: wanted %d, have %d", item, qty, stock.get(item, 0))
        return False
    stock[item] -= qty
    log.info("placed order: %d x %s", qty, item)
    return True


stock = {"pen": 10, "ink": 2}
results = [place_order("pen", 3, stock), place_order("ink", 5, stock), place_order("pen", 7, stock)]
print("results:", results)
print("stock left:", stock)
