# Expose a read-only view of internal constants with MappingProxyType.
from types import MappingProxyType

_UNITS = {"km": 1000.0, "m": 1.0, "cm": 0.01, "mm": 0.001}
UNITS = MappingProxyType(_UNITS)


def convert(value, src, dst):
    return value * UNITS[src] / UNITS[dst]


print(f"5 km = {convert(5, 'km', 'm'):.0f} m")
print(f"250 cm = {convert(250, 'cm', 'm'):.2f} m")
try:
    UNITS["mile"] = 1609.34
except TypeError as e:
    print("cannot modify:", e)

_UNITS["mile"] = 1609.344
print("view reflects owner's change:", "mile" in UNITS)
print(f"3 miles = {convert(3, 'mile', 'km'):.3f} km")
print("keys:", sorted(UNITS))
