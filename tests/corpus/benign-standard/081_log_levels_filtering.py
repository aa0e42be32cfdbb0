# Show which messages pass at each logging level threshold.
import io
import logging

messages = [
    (logging.DEBUG, "cache miss for key=42"),
    (logging.INFO, "user logged in"),
    (logging.WARNING, "disk 85% full"),
    (logging.ERROR, "payment gateway timeout"),
    (logging.CRITICAL, "database unreachable"),
]

for threshold in (logging.DEBUG, logging.WARNING, logging.CRITICAL):
    stream = io.StringIO()
    logger = logging.getLogger(f"demo.{logging.getLevelName(threshold).lower()}")
    logger.propagate = False
    logger.setLevel(threshold)
    h = logging.StreamHandler(stream)
    h.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
    logger.addHandler(h)
    for level, msg in messages:
        logger.log(level, msg)
    lines = stream.getvalue().splitlines()
    print(f"threshold {logging.getLevelName(threshold)}: {len(lines)} messages")
    for line in lines:
        print("   ", line)
