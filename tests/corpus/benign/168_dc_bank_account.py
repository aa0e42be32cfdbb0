# A bank account dataclass with a transaction history
from dataclasses import dataclass, field


@dataclass
class Account:
    owner: str
    balance: float = 0.0
    history: list[tuple[str, float]] = field(default_factory=list, repr=False)

    def deposit(self, amount: float) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))

    def withdraw(self, amount: float) -> None:
        if amount > self.balance:
            raise ValueError(f"insufficient funds: balance {self.balance:.2f}, requested {amount:.2f}")
        self.balance -= amount
        self.history.append(("withdraw", amount))


def main() -> None:
    acct = Account("Priya")
    acct.deposit(500)
    acct.withdraw(120.5)
    try:
        acct.withdraw(1000)
    except ValueError as exc:
        print("refused:", exc)
    print(acct)
    for kind, amount in acct.history:
        print(f"  {kind:<8} {amount:>8.2f}")


if __name__ == "__main__":
    main()
