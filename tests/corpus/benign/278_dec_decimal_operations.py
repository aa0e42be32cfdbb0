# Decimal methods: sqrt, exp, ln, comparisons and special values
from decimal import Decimal, InvalidOperation, DivisionByZero

d = Decimal("2")
print(d.sqrt(), d.exp(), d.ln(), d.log10())
print(Decimal("-7.5").copy_abs(), Decimal("7.5").copy_negate(), Decimal("-0").is_signed())
print(Decimal("Infinity") > Decimal("1e999"), Decimal("NaN").is_nan())
print(Decimal("12.345").as_tuple())
print(Decimal("123.456").scaleb(2), Decimal("10").compare(Decimal("9")))
print(divmod(Decimal("7.5"), Decimal("2")), Decimal("-7") % Decimal("3"), Decimal("-7") // Decimal("3"))
for expr in [lambda: Decimal(1) / Decimal(0), lambda: Decimal("abc"), lambda: Decimal(-1).sqrt()]:
    try:
        print(expr())
    except (DivisionByZero, InvalidOperation) as exc:
        print(type(exc).__name__)
