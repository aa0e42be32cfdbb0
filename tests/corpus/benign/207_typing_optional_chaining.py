# Handling Optional values safely
from typing import Optional


class Node:
    def __init__(self, value: int, next: Optional["Node"] = None) -> None:
        self.value = value
        self.next = next


def find(head: Optional[Node], target: int) -> Optional[Node]:
    while head is not None:
        if head.value == target:
            return head
        head = head.next
    return None


head = Node(1, Node(2, Node(3)))
for target in (2, 5):
    found = find(head, target)
    nxt = found.next.value if found and found.next else None
    print(f"find({target}): {'found' if found else 'missing'}, next value: {nxt}")
config: dict[str, Optional[str]] = {"host": "db.local", "password": None}
print({k: v or "<unset>" for k, v in config.items()})
