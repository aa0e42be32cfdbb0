# Accounting-style currency formatting with negatives in parentheses
def money(amount: float, symbol: str = "$") -> str:
    text = f"{symbol}{abs(amount):,.2f}"
    return f"({text})" if amount < 0 else text


ledger = [("Opening balance", 1520.5), ("Rent", -1200.0), ("Salary", 4350.75),
          ("Groceries", -312.4), ("Refund", 19.99), ("Insurance", -2250.0)]
balance = 0.0
for description, amount in ledger:
    balance += amount
    print(f"{description:<16}{money(amount):>14}{money(balance):>14}")
print(f"{'Ending balance':<16}{'':>14}{money(balance, '€'):>14}")
