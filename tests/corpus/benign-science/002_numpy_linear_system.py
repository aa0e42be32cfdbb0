import numpy as np
a = np.array([[3.0, 1.0], [1.0, 2.0]])
b = np.array([9.0, 8.0])
print(np.linalg.solve(a, b).round(6).tolist())
print(round(float(np.linalg.det(a)), 6), np.linalg.eigvalsh(a).round(4).tolist())
