# A generic Stack[T] class with TypeVar
from typing import Generic, TypeVar

T = TypeVar("T")


class Stack(Generic[T]):
    def __init__(self) -> None:
        self._items: list[T] = []

    def push(self, item: T) -> None:
        self._items.append(item)

    def pop(self) -> T:
        if not self._items:
            raise IndexError("pop from empty stack")
        return self._items.pop()

    def peek(self) -> T | None:
        return self._items[-1] if self._items else None

    def __len__(self) -> int:
        return len(self._items)


if __name__ == "__main__":
    ints: Stack[int] = Stack()
    for i in range(3):
        ints.push(i * 10)
    print(len(ints), ints.peek(), ints.pop(), ints.pop(), len(ints))
    words: Stack[str] = Stack()
    words.push("hello")
    print(words.pop())
    try:
        words.pop()
    except IndexError as exc:
        print("IndexError:", exc)
