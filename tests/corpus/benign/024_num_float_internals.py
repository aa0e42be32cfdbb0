# Looking at how floats are stored
import math

for x in [0.1, 0.5, 1 / 3, 1e-300]:
    num, den = x.as_integer_ratio()
    print(f"{x!r:>22} hex={x.hex():<24} ratio={num}/{den}" if den < 10 ** 20 else f"{x!r:>22} hex={x.hex()}")
values = [0.1] * 10
print("sum:", sum(values), "fsum:", math.fsum(values))
print("epsilon-ish:", 1.0 + 2 ** -52 > 1.0, 1.0 + 2 ** -53 > 1.0)
print(float.fromhex("0x1.8p1"), math.nextafter(1.0, 2.0), math.ulp(1.0))
