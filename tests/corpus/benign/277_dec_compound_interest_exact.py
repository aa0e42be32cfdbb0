# Savings account with monthly compounding, rounded to cents each month
from decimal import ROUND_HALF_EVEN, Decimal

balance = Decimal("1000.00")
monthly_rate = Decimal("0.045") / 12
deposit = Decimal("200.00")
for month in range(1, 13):
    interest = (balance * monthly_rate).quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)
    balance += interest + deposit
    if month % 3 == 0:
        print(f"month {month:>2}: interest {interest:>6}  balance {balance:>9}")
print("final:", balance)
