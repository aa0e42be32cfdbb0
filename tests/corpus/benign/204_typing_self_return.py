# typing.Self (3.11) for fluent builder methods
from typing import Self


class QueryBuilder:
    def __init__(self, table: str) -> None:
        self.table = table
        self.conditions: list[str] = []
        self.limit_value: int | None = None
        self.order: str | None = None

    def where(self, condition: str) -> Self:
        self.conditions.append(condition)
        return self

    def order_by(self, column: str) -> Self:
        self.order = column
        return self

    def limit(self, n: int) -> Self:
        self.limit_value = n
        return self

    def build(self) -> str:
        sql = f"SELECT * FROM {self.table}"
        if self.conditions:
            sql += " WHERE " + " AND ".join(self.conditions)
        if self.order:
            sql += f" ORDER BY {self.order}"
        if self.limit_value is not None:
            sql += f" LIMIT {self.limit_value}"
        return sql


print(QueryBuilder("users").where("age > 18").where("active = 1").order_by("name").limit(10).build())
print(QueryBuilder("orders").build())
