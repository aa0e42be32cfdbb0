# Split an amount into N parts that sum exactly (distributing remainder cents)
from decimal import ROUND_DOWN, Decimal


def split(amount: Decimal, parts: int) -> list[Decimal]:
    base = (amount / parts).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    remainder = int((amount - base * parts) * 100)
    return [base + Decimal("0.01") if i < remainder else base for i in range(parts)]


for amount, n in [(Decimal("100.00"), 3), (Decimal("10.00"), 7), (Decimal("0.05"), 4)]:
    shares = split(amount, n)
    print(amount, n, [str(s) for s in shares], sum(shares) == amount)
