# A list as a stack, and balanced-bracket checking
def balanced(s: str) -> bool:
    pairs = {")": "(", "]": "[", "}": "{"}
    stack: list[str] = []
    for ch in s:
        if ch in "([{":
            stack.append(ch)
        elif ch in pairs:
            if not stack or stack.pop() != pairs[ch]:
                return False
    return not stack


for expr in ["(a[0] + b{1})", "([)]", "((())", "{[()()]}", ""]:
    print(f"{expr!r:<16} balanced={balanced(expr)}")
stack = [1, 2]
stack.append(3)
print(stack.pop(), stack[-1], stack)
