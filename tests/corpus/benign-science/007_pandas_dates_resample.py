import pandas as pd
idx = pd.date_range('2024-01-01', periods=10, freq='D')
s = pd.Series(range(10), index=idx)
print(s.resample('W').sum())
print(s.rolling(3).mean().dropna().tolist())
