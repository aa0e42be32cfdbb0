import pandas as pd
df = pd.DataFrame({'region': ['n', 's', 'n', 'e', 's', 'n'], 'sales': [10, 20, 30, 40, 50, 60]})
g = df.groupby('region')['sales'].agg(['sum', 'mean', 'count'])
print(g)
print(g['sum'].idxmax())
