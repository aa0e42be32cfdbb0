import sympy as sp
x = sp.symbols('x')
print(sp.diff(sp.sin(x) * sp.exp(x), x))
print(sp.integrate(x ** 2 * sp.exp(-x), (x, 0, sp.oo)))
print(sp.limit(sp.sin(x) / x, x, 0), sp.series(sp.cos(x), x, 0, 6))
