# Annotations are only hints: Python does not enforce them at runtime
def add(a: int, b: int) -> int:
    return a + b


print(add(2, 3))
print(add("type ", "hints"))
print(add([1], [2]))
count: int = "not an int"  # type: ignore[assignment]
print(count, type(count).__name__)
print(add.__annotations__)
