# Currency conversion with Decimal rates and quantize per currency
from decimal import ROUND_HALF_UP, Decimal

RATES = {"EUR": Decimal("0.9215"), "GBP": Decimal("0.7893"), "JPY": Decimal("151.37"), "BHD": Decimal("0.3770")}
DIGITS = {"EUR": 2, "GBP": 2, "JPY": 0, "BHD": 3}
amount_usd = Decimal("1234.56")
for cur, rate in RATES.items():
    exp = Decimal(1).scaleb(-DIGITS[cur])
    converted = (amount_usd * rate).quantize(exp, rounding=ROUND_HALF_UP)
    print(f"{amount_usd} USD = {converted:>12} {cur}")
