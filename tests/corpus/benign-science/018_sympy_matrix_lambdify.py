import numpy as np
import sympy as sp
x = sp.Symbol('x')
m = sp.Matrix([[1, 2], [3, 4]])
print(m.det(), m.inv(), m.eigenvals())
f = sp.lambdify(x, sp.sin(x) ** 2 + 1, 'numpy')
print(np.round(f(np.array([0.0, np.pi / 2])), 6).tolist())
