# Reconfigure the root logger with force=True to switch formats mid-script.
import logging
import sys

logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
logging.info("plain format: loading %d records", 3)

logging.basicConfig(level=logging.DEBUG, format="%(levelname)s|%(message)s", stream=sys.stdout, force=True)
logging.debug("detailed format now active")
total = 0
for value in (10, 20, 30):
    total += value
    logging.debug("running total %d", total)
logging.info("total=%d", total)
print("root handlers:", len(logging.getLogger().handlers))
