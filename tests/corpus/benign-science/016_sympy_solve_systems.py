import sympy as sp
x, y = sp.symbols('x y')
print(sp.solve([x + y - 3, x - y - 1], [x, y]))
print(sp.solve(x ** 2 - 5 * x + 6, x))
print(sp.factor(x ** 3 - 1), sp.expand((x + 1) ** 3))
