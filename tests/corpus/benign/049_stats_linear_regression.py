# Fit a line to advertising spend vs sales and make a prediction
from statistics import linear_regression

spend = [10, 15, 20, 25, 30, 35, 40]
sales = [25, 31, 38, 44, 48, 57, 61]
slope, intercept = linear_regression(spend, sales)
print(f"sales = {slope:.4f} * spend + {intercept:.4f}")
for x in (45, 50):
    print(f"predicted sales at spend {x}: {slope * x + intercept:.2f}")
residuals = [y - (slope * x + intercept) for x, y in zip(spend, sales)]
print("residuals:", [round(r, 3) for r in residuals])
print("through origin:", linear_regression(spend, sales, proportional=True))
