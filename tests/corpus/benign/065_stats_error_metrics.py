# Regression error metrics: MAE, RMSE, MAPE and R^2
import math
from statistics import fmean

actual = [3.0, -0.5, 2.0, 7.0, 4.2, 5.1]
predicted = [2.5, 0.0, 2.1, 7.8, 4.0, 4.7]
errors = [p - a for a, p in zip(actual, predicted)]
mae = fmean(abs(e) for e in errors)
rmse = math.sqrt(fmean(e * e for e in errors))
mape = fmean(abs(e / a) for e, a in zip(errors, actual) if a != 0) * 100
mu = fmean(actual)
r2 = 1 - sum(e * e for e in errors) / sum((a - mu) ** 2 for a in actual)
print(f"MAE  = {mae:.4f}")
print(f"RMSE = {rmse:.4f}")
print(f"MAPE = {mape:.2f}%")
print(f"R^2  = {r2:.4f}")
