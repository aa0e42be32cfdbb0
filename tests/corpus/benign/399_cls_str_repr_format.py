# __str__, __repr__ and __format__ for a Money type
class Money:
    def __init__(self, cents: int, currency: str = "USD") -> None:
        self.cents = cents
        self.currency = currency

    def __repr__(self) -> str:
        return f"Money({self.cents}, {self.currency!r})"

    def __str__(self) -> str:
        return f"{self.cents / 100:.2f} {self.currency}"

    def __format__(self, spec: str) -> str:
        if spec == "short":
            return f"{self.cents / 100:.0f}{self.currency[0]}"
        return format(str(self), spec)

    def __add__(self, other: "Money") -> "Money":
        if other.currency != self.currency:
            raise ValueError("currency mismatch")
        return Money(self.cents + other.cents, self.currency)


m = Money(123456)
print(repr(m), str(m), f"{m}", f"{m:short}", f"[{m:>16}]")
print([Money(5), Money(250, "EUR")])
print(Money(199) + Money(1))
