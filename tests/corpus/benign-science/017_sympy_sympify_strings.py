import sympy as sp
e = sp.sympify('x**2 + 2*x + 1')
print(sp.factor(e), e.subs('x', 3))
print(sp.simplify('sin(x)**2 + cos(x)**2'), sp.parse_expr('2*y + y'))
print(sp.latex(sp.Rational(3, 4) * sp.Symbol('z')))
