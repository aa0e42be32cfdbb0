import numpy as np
import pandas as pd
values = [np.arange(3), np.float64(1.5), pd.Series([1, 2]), pd.DataFrame({'a': [1]}), np.int32(7)]
for v in values:
    print(type(v).__name__, isinstance(v, np.ndarray))
r = pd.Series(range(10), index=pd.date_range('2024-01-01', periods=10, freq='D')).resample('W')
print(type(r).__name__, r.sum().tolist())
