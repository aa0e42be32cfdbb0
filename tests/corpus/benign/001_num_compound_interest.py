# Compound interest: how much is 10,000 worth after N years at 5% compounded monthly?
def future_value(principal: float, annual_rate: float, years: int, periods_per_year: int = 12) -> float:
    rate = annual_rate / periods_per_year
    return principal * (1 + rate) ** (periods_per_year * years)


principal = 10_000.0
for years in (1, 5, 10, 20, 30):
    value = future_value(principal, 0.05, years)
    gain = value - principal
    print(f"{years:>2} years: ${value:>12,.2f}  (gain ${gain:,.2f})")
