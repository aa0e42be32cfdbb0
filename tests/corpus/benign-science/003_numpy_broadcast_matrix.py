import numpy as np
m = np.arange(12).reshape(3, 4)
print(m.sum(axis=0).tolist(), m.sum(axis=1).tolist())
print((m - m.mean(axis=0)).round(2).tolist())
print(m.T @ m)
