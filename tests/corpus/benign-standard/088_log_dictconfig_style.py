# Configure two handlers with different levels: stdout for INFO+, a buffer for everything.
import io
import logging
import sys

debug_buffer = io.StringIO()
log = logging.getLogger("pipeline")
log.setLevel(logging.DEBUG)
log.propagate = False

console = logging.StreamHandler(sys.stdout)
console.setLevel(logging.INFO)
console.setFormatter(logging.Formatter("%(levelname)s: %(message)s"))
full = logging.StreamHandler(debug_buffer)
full.setLevel(logging.DEBUG)
full.setFormatter(logging.Formatter("%(levelname).1s %(message)s"))
log.addHandler(console)
log.addHandler(full)

data = [5, 3, 0, 8]
log.info("start with %d items", len(data))
ratios = []
for x in data:
    log.debug("item %d", x)
    if x == 0:
        log.warning("zero item skipped")
        continue
    ratios.append(round(24 / x, 2))
log.info("ratios: %s", ratios)
print("debug buffer lines:", len(debug_buffer.getvalue().splitlines()))
print(debug_buffer.getvalue().splitlines()[1])
