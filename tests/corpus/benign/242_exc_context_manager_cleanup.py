# A context manager that logs exceptions and decides whether to suppress them
class Transaction:
    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> "Transaction":
        print(f"BEGIN {self.name}")
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is None:
            print(f"COMMIT {self.name}")
            return False
        print(f"ROLLBACK {self.name} because {exc_type.__name__}: {exc}")
        return issubclass(exc_type, ValueError)


with Transaction("t1"):
    print("  inserting rows")
with Transaction("t2"):
    raise ValueError("bad row")
print("after t2 (ValueError was suppressed)")
try:
    with Transaction("t3"):
        raise KeyError("id")
except KeyError as exc:
    print("KeyError propagated:", exc)
