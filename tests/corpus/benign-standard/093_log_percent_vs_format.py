# Lazy %-formatting in log calls: arguments are only formatted if the record is emitted.
import logging
import sys


class Expensive:
    calls = 0

    def __str__(self):
        Expensive.calls += 1
        return "expensive-object"


logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(message)s", stream=sys.stdout)
log = logging.getLogger(__name__)

obj = Expensive()
log.debug("debug: %s", obj)
print("str() calls after suppressed debug:", Expensive.calls)
log.info("info: %s", obj)
print("str() calls after emitted info:", Expensive.calls)
log.info("dict args: %(a)s + %(b)s", {"a": 1, "b": 2})
