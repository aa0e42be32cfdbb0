# Encapsulation with a private attribute, properties and a transaction log
class BankAccount:
    interest_rate = 0.02

    def __init__(self, owner: str, balance: float = 0.0) -> None:
        self.owner = owner
        self.__balance = balance
        self._transactions: list[tuple[str, float]] = []

    @property
    def balance(self) -> float:
        return self.__balance

    def deposit(self, amount: float) -> "BankAccount":
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.__balance += amount
        self._transactions.append(("deposit", amount))
        return self

    def apply_interest(self) -> "BankAccount":
        interest = round(self.__balance * self.interest_rate, 2)
        self.__balance += interest
        self._transactions.append(("interest", interest))
        return self

    def __len__(self) -> int:
        return len(self._transactions)


acct = BankAccount("Lee", 100).deposit(50).deposit(25.5).apply_interest()
print(acct.owner, acct.balance, len(acct))
try:
    acct.balance = 1_000_000
except AttributeError as exc:
    print("AttributeError:", exc)
print(acct.balance)
