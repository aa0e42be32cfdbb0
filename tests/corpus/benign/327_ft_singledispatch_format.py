# Type-based dispatch with functools.singledispatch
from datetime import date
from decimal import Decimal
from functools import singledispatch


@singledispatch
def render(value) -> str:
    return str(value)


@render.register
def _(value: float) -> str:
    return f"{value:.2f}"


@render.register
def _(value: list) -> str:
    return "[" + ", ".join(render(v) for v in value) + "]"


@render.register
def _(value: date) -> str:
    return value.strftime("%d %b %Y")


@render.register(Decimal)
def _(value) -> str:
    return f"${value:,.2f}"


for v in [42, 3.14159, [1.5, date(2024, 1, 2), "x"], date(2025, 12, 31), Decimal("1234.5")]:
    print(render(v))
