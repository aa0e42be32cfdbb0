import numpy as np
from scipy import optimize
f = lambda v: (v[0] - 1) ** 2 + (v[1] + 2) ** 2
r = optimize.minimize(f, x0=[0, 0])
print(np.round(r.x, 4).tolist(), r.success)
print(round(optimize.brentq(lambda x: x ** 3 - 2, 0, 2), 6))
