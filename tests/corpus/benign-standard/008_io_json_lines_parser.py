# Parse a JSON-lines log held in a string and summarise events by type.
import io
import json
from collections import Counter

LOG = """{"event": "login", "user": "ann"}
{"event": "view", "user": "ann", "page": "/home"}
{"event": "view", "user": "bob", "page": "/docs"}

{"event": "logout", "user": "ann"}
{"event": "view", "user": "bob", "page": "/home"}
"""

events = Counter()
pages = Counter()
for lineno, line in enumerate(io.StringIO(LOG), start=1):
    line = line.strip()
    if not line:
        print(f"line {lineno}: blank, skipped")
        continue
    record = json.loads(line)
    events[record["event"]] += 1
    if "page" in record:
        pages[record["page"]] += 1

for name, n in sorted(events.items()):
    print(f"{name}: {n}")
print("top page:", pages.most_common(1)[0])
