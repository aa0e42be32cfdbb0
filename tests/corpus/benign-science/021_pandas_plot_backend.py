import pandas as pd
import matplotlib.pyplot as plt
df = pd.DataFrame({'x': [1, 2, 3], 'y': [3, 1, 2]})
ax = df.plot(x='x', y='y', kind='line')
print(type(ax).__name__, len(ax.lines))
plt.close('all')
