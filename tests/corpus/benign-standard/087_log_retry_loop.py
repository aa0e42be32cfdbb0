# Retry a flaky operation with backoff, logging each attempt (no real sleeping).
import logging
import sys

logging.basicConfig(level=logging.INFO, format="%(levelname)s:%(name)s:%(message)s", stream=sys.stdout)
log = logging.getLogger("retry")

outcomes = iter([ConnectionError("reset"), TimeoutError("slow"), "payload-42"])


def fetch():
    result = next(outcomes)
    if isinstance(result, Exception):
        raise result
    return result


delay = 0.5
for attempt in range(1, 5):
    try:
        data = fetch()
    except (ConnectionError, TimeoutError) as exc:
        log.warning("attempt %d failed (%s: %s); next delay %.1fs", attempt, type(exc).__name__, exc, delay)
        delay *= 2
    else:
        log.info("attempt %d succeeded: %s", attempt, data)
        break
else:
    log.error("giving up")
