# A singly linked list with __iter__, __len__, __repr__ and reversal
from typing import Iterator, Optional


class Node:
    def __init__(self, value: int, next: Optional["Node"] = None) -> None:
        self.value = value
        self.next = next


class LinkedList:
    def __init__(self, values: list[int] = ()) -> None:
        self.head: Optional[Node] = None
        for v in reversed(list(values)):
            self.head = Node(v, self.head)

    def __iter__(self) -> Iterator[int]:
        node = self.head
        while node:
            yield node.value
            node = node.next

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return " -> ".join(map(str, self)) or "(empty)"

    def reverse(self) -> None:
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev


if __name__ == "__main__":
    ll = LinkedList([1, 2, 3, 4, 5])
    print(ll, len(ll), 3 in ll)
    ll.reverse()
    print(ll)
    print(LinkedList(), len(LinkedList()))
