# Abstract base classes combined with type hints
from abc import ABC, abstractmethod


class PaymentMethod(ABC):
    @abstractmethod
    def pay(self, amount: float) -> str: ...

    def receipt(self, amount: float) -> str:
        return f"RECEIPT: {self.pay(amount)}"


class CreditCard(PaymentMethod):
    def __init__(self, last4: str) -> None:
        self.last4 = last4

    def pay(self, amount: float) -> str:
        return f"charged ${amount:.2f} to card ending {self.last4}"


class Wallet(PaymentMethod):
    def pay(self, amount: float) -> str:
        return f"paid ${amount:.2f} from wallet"


methods: list[PaymentMethod] = [CreditCard("4242"), Wallet()]
for m in methods:
    print(m.receipt(19.99))
try:
    PaymentMethod()
except TypeError as exc:
    print("TypeError:", exc)
