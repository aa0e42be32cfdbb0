# Controlling Decimal precision with contexts
from decimal import Decimal, getcontext, localcontext

print(Decimal(1) / Decimal(7))
with localcontext() as ctx:
    ctx.prec = 50
    print(Decimal(1) / Decimal(7))
    print(Decimal(2).sqrt())
with localcontext() as ctx:
    ctx.prec = 5
    print(Decimal("3.14159265") + 0, Decimal(22) / Decimal(7))
print("default precision:", getcontext().prec)
print(Decimal("1.30") + Decimal("1.20"), Decimal("1.3") * Decimal("1.2"))
