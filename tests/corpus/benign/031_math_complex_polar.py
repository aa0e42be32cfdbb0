# Converting complex numbers between rectangular and polar form
import cmath
import math

z = 3 + 4j
r, phi = cmath.polar(z)
print(f"z = {z}, |z| = {abs(z)}, phase = {phi:.6f} rad = {math.degrees(phi):.3f} deg")
w = cmath.rect(2, math.pi / 3)
print(f"rect(2, pi/3) = {w.real:.6f} + {w.imag:.6f}j")
print("z * conj(z) =", z * z.conjugate())
print("e^(i*pi) + 1 =", cmath.exp(1j * math.pi) + 1)
print("sqrt(-1) =", cmath.sqrt(-1), "log(-1) =", cmath.log(-1))
roots = [cmath.rect(1, 2 * math.pi * k / 5) for k in range(5)]
for k, root in enumerate(roots):
    print(f"5th root of unity {k}: {root.real:+.4f} {root.imag:+.4f}i")
