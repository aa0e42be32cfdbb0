# A custom exception hierarchy for a banking module
class BankError(Exception):
    """Base class for all banking errors."""


class InsufficientFunds(BankError):
    def __init__(self, balance: float, amount: float) -> None:
        super().__init__(f"cannot withdraw {amount:.2f}; balance is {balance:.2f}")
        self.balance = balance
        self.amount = amount

    @property
    def shortfall(self) -> float:
        return self.amount - self.balance


class AccountFrozen(BankError):
    pass


def withdraw(balance: float, amount: float, frozen: bool = False) -> float:
    if frozen:
        raise AccountFrozen("account is frozen")
    if amount > balance:
        raise InsufficientFunds(balance, amount)
    return balance - amount


def main() -> None:
    for args in [(100.0, 30.0), (50.0, 80.0), (100.0, 10.0, True)]:
        try:
            print("new balance:", withdraw(*args))
        except InsufficientFunds as exc:
            print(f"{type(exc).__name__}: {exc} (short by {exc.shortfall:.2f})")
        except BankError as exc:
            print(f"{type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main()
