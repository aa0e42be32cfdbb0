# A typed Stack class with peek, __bool__ and __repr__
class Stack:
    def __init__(self) -> None:
        self._items: list[object] = []

    def push(self, item: object) -> None:
        self._items.append(item)

    def pop(self) -> object:
        if not self._items:
            raise IndexError("pop from empty Stack")
        return self._items.pop()

    def peek(self) -> object:
        return self._items[-1] if self._items else None

    def __bool__(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Stack({self._items})"


def eval_rpn(expression: str) -> float:
    s = Stack()
    for tok in expression.split():
        if tok in "+-*/":
            b, a = s.pop(), s.pop()
            s.push({"+": a + b, "-": a - b, "*": a * b, "/": a / b}[tok])
        else:
            s.push(float(tok))
    return s.pop()


print(eval_rpn("3 4 + 2 *"), eval_rpn("5 1 2 + 4 * + 3 -"), eval_rpn("2 3 4 * + 5 /"))
st = Stack()
st.push(1)
st.push("two")
print(st, len(st), st.peek(), bool(Stack()))
