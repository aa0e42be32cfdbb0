import pandas as pd
a = pd.DataFrame({'id': [1, 2, 3], 'name': ['x', 'y', 'z']})
b = pd.DataFrame({'id': [1, 1, 2, 3], 'q': ['a', 'b', 'a', 'b'], 'v': [5, 6, 7, 8]})
m = a.merge(b, on='id')
print(m)
print(m.pivot_table(index='name', columns='q', values='v', fill_value=0))
