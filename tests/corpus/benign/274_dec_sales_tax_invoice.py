# An invoice with per-line tax computed in Decimal
from decimal import ROUND_HALF_UP, Decimal

TAX = Decimal("0.0825")
CENT = Decimal("0.01")
lines = [("Keyboard", 2, Decimal("49.99")), ("Mouse", 3, Decimal("19.95")), ("Cable", 5, Decimal("4.49"))]
subtotal = Decimal("0")
for name, qty, price in lines:
    amount = qty * price
    subtotal += amount
    print(f"{name:<10}{qty:>3} x {price:>6} = {amount:>8}")
tax = (subtotal * TAX).quantize(CENT, rounding=ROUND_HALF_UP)
print(f"{'Subtotal':<24}{subtotal:>8}")
print(f"{'Tax 8.25%':<24}{tax:>8}")
print(f"{'Total':<24}{subtotal + tax:>8}")
