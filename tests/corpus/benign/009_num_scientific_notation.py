# Formatting very large and very small measurements
measurements = {
    "Avogadro": 6.02214076e23,
    "Planck": 6.62607015e-34,
    "Speed of light": 299_792_458,
    "Electron mass": 9.1093837015e-31,
}
for name, value in measurements.items():
    print(f"{name:<15} {value:>12.4e} {value:>12.3g} {value!r}")


def engineering(x: float) -> str:
    exp = 0
    while abs(x) >= 1000:
        x /= 1000
        exp += 3
    while 0 < abs(x) < 1:
        x *= 1000
        exp -= 3
    return f"{x:.3f}e{exp:+d}"


for v in (0.00047, 12345.0, 6.8e-9):
    print(v, "->", engineering(v))
