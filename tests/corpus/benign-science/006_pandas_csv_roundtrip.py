# request: {"capabilities": ["files"]}
import pandas as pd
df = pd.DataFrame({'name': ['ann', 'bob', 'cid'], 'age': [31, 25, 40], 'city': ['oslo', 'rome', 'oslo']})
df.to_csv('people.csv', index=False)
back = pd.read_csv('people.csv')
print(back.dtypes.astype(str).to_dict())
print(back[back.city == 'oslo'].age.mean())
print(back.sort_values('age').to_csv(index=False))
