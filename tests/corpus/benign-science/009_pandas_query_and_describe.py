import pandas as pd
df = pd.DataFrame({'open': [1.0, 2.5, 3.0, 4.5], 'close': [1.5, 2.0, 3.5, 4.0]})
limit = 2
print(df.query('open > @limit and close > open'))
print(df.describe().round(3))
