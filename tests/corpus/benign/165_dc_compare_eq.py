# Equality semantics: eq=True compares field values, eq=False uses identity
from dataclasses import dataclass


@dataclass
class Money:
    amount: int
    currency: str


@dataclass(eq=False)
class Session:
    user: str


print(Money(5, "EUR") == Money(5, "EUR"), Money(5, "EUR") == Money(5, "USD"))
s1, s2 = Session("ann"), Session("ann")
print(s1 == s2, s1 == s1)
print(Money(5, "EUR") in [Money(1, "EUR"), Money(5, "EUR")])
try:
    {Money(1, "EUR")}
except TypeError as exc:
    print("TypeError:", exc)
