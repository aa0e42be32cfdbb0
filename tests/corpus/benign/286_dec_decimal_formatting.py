# Formatting Decimals with f-strings
from decimal import Decimal

values = [Decimal("1234567.891"), Decimal("-0.5"), Decimal("1E+3"), Decimal("0.000123")]
for v in values:
    print(f"{v!s:>12} | {v:,.2f} | {v:.3e} | {v:>+12.4f} | {v:%}")
print(f"{Decimal('12.5'):08.3f}", format(Decimal("9.995"), ".2f"))
