# Parse timestamps from log lines and compute the time between events
from datetime import datetime

lines = [
    "2024-03-15 08:59:12 INFO service started",
    "2024-03-15 09:02:47 WARN slow response",
    "2024-03-15 11:30:05 ERROR connection lost",
    "2024-03-16 00:15:00 INFO nightly job",
]
events = []
for line in lines:
    stamp, level, message = line[:19], line[20:].split()[0], " ".join(line[20:].split()[1:])
    events.append((datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S"), level, message))
for (t1, _, m1), (t2, _, m2) in zip(events, events[1:]):
    print(f"{m1!r} -> {m2!r}: {t2 - t1}")
print("total span:", events[-1][0] - events[0][0])
