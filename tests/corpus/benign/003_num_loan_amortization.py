# Monthly payment and first months of an amortization schedule
def monthly_payment(principal: float, annual_rate: float, years: int) -> float:
    r = annual_rate / 12
    n = years * 12
    return principal * r / (1 - (1 + r) ** -n)


principal = 250_000.0
rate = 0.065
payment = monthly_payment(principal, rate, 30)
print(f"Monthly payment: ${payment:,.2f}")
print(f"{'Month':>5} {'Interest':>10} {'Principal':>10} {'Balance':>12}")
balance = principal
total_interest = 0.0
for month in range(1, 361):
    interest = balance * rate / 12
    paid = payment - interest
    balance -= paid
    total_interest += interest
    if month <= 6 or month % 60 == 0:
        print(f"{month:>5} {interest:>10.2f} {paid:>10.2f} {max(balance, 0):>12,.2f}")
print(f"Total interest over 30 years: ${total_interest:,.2f}")
