# Collect log records in a StringIO handler and print a summary afterwards.
import io
import logging

buffer = io.StringIO()
handler = logging.StreamHandler(buffer)
handler.setFormatter(logging.Formatter("%(levelname)-7s %(name)s: %(message)s"))
log = logging.getLogger("importer")
log.setLevel(logging.DEBUG)
log.addHandler(handler)
log.propagate = False

rows = ["1,apple,3", "2,banana", "3,cherry,x", "4,date,7"]
good = 0
for row in rows:
    parts = row.split(",")
    if len(parts) != 3:
        log.error("row %r has %d fields", row, len(parts))
    elif not parts[2].isdigit():
        log.warning("row %r has a non-numeric quantity", row)
    else:
        good += 1
        log.debug("row %s ok", parts[0])

print("good rows:", good)
print("captured log:")
print(buffer.getvalue(), end="")
