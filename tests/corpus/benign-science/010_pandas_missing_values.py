import numpy as np
import pandas as pd
df = pd.DataFrame({'a': [1, np.nan, 3], 'b': ['x', None, 'z']})
print(df.isna().sum().to_dict())
print(df.fillna({'a': df.a.mean(), 'b': '?'}))
print(df.dropna())
