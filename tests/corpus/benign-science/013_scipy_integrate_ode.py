import numpy as np
from scipy import integrate
v, err = integrate.quad(lambda x: np.exp(-x ** 2), -np.inf, np.inf)
print(round(v, 8))
sol = integrate.solve_ivp(lambda t, y: -0.5 * y, (0, 2), [1.0], rtol=1e-8, atol=1e-10)
print(round(float(sol.y[0, -1]), 5))
