# Convert level names from a config string and temporarily silence logging.
import logging
import sys

logging.basicConfig(format="%(levelname)s:%(message)s", stream=sys.stdout)
log = logging.getLogger("cfg")

requested = "warning"
level = getattr(logging, requested.upper(), logging.INFO)
log.setLevel(level)
print("configured level:", logging.getLevelName(level), level)

log.info("not shown")
log.warning("shown at WARNING")
logging.disable(logging.CRITICAL)
log.error("silenced by logging.disable")
logging.disable(logging.NOTSET)
log.error("visible again")
print("isEnabledFor(INFO):", log.isEnabledFor(logging.INFO))
print("isEnabledFor(ERROR):", log.isEnabledFor(logging.ERROR))
