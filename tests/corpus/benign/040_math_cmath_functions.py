# Complex functions: phase, exponentials and trigonometry
import cmath

z = complex(1, 1)
print("phase(1+1j) =", cmath.phase(z))
print("exp(1+1j) =", cmath.exp(z))
print("sin(1j) =", cmath.sin(1j))
print("isclose:", cmath.isclose(cmath.exp(cmath.log(z)), z))
print("cmath.inf:", cmath.inf, "cmath.infj:", cmath.infj)
impedance = complex(50, 30)  # ohms: resistance + reactance
current = 2 * cmath.exp(1j * cmath.pi / 6)
voltage = impedance * current
print(f"|V| = {abs(voltage):.4f} V at {cmath.phase(voltage):.4f} rad")
