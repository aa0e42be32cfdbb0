import mpmath
mpmath.mp.dps = 30
print(mpmath.pi)
print(mpmath.sqrt(2))
print(mpmath.quad(lambda t: mpmath.exp(-t), [0, mpmath.inf]))
