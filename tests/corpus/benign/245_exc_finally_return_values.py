# What finally does to return values and exceptions
def f() -> str:
    try:
        return "from try"
    finally:
        print("finally runs before the return completes")


def g() -> list[str]:
    log: list[str] = []
    for i in range(3):
        try:
            if i == 1:
                continue
            log.append(f"body {i}")
        finally:
            log.append(f"finally {i}")
    return log


print(f())
print(g())
