# contextlib.closing, nullcontext and AbstractContextManager
from contextlib import AbstractContextManager, closing, nullcontext


class Connection:
    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        print(f"connect {dsn}")

    def query(self, sql: str) -> str:
        return f"{self.dsn}: {sql}"

    def close(self) -> None:
        print(f"disconnect {self.dsn}")


with closing(Connection("sqlite://memory")) as conn:
    print(conn.query("SELECT 1"))


def process(data: list[int], lock: AbstractContextManager | None = None) -> int:
    with lock if lock is not None else nullcontext():
        return sum(data)


print(process([1, 2, 3]))
with nullcontext("value") as v:
    print(v)
