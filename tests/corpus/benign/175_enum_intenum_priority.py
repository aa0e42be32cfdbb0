# IntEnum members compare and sort like integers
from enum import IntEnum


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 2
    HIGH = 3
    CRITICAL = 4


tickets = [("disk full", Priority.CRITICAL), ("typo", Priority.LOW), ("slow page", Priority.MEDIUM),
           ("login broken", Priority.HIGH)]
for title, prio in sorted(tickets, key=lambda t: t[1], reverse=True):
    print(f"{prio.name:<8} ({int(prio)}) {title}")
print(Priority.HIGH > Priority.MEDIUM, Priority.HIGH == 3, Priority.LOW + 1)
print([p for p in Priority if p >= 3])
print(f"{Priority.HIGH}", f"{Priority.HIGH!r}", str(Priority.HIGH))
