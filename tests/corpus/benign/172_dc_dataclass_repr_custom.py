# Customizing __repr__ and __str__ on a dataclass
from dataclasses import dataclass


@dataclass
class Temperature:
    celsius: float

    def __str__(self) -> str:
        return f"{self.celsius:.1f}°C / {self.celsius * 9 / 5 + 32:.1f}°F"

    @property
    def kelvin(self) -> float:
        return self.celsius + 273.15


temps = [Temperature(-40), Temperature(0), Temperature(36.6), Temperature(100)]
for t in temps:
    print(repr(t), "|", t, "|", f"{t.kelvin:.2f} K")
print(f"{temps[2]!r} vs {temps[2]!s}")
print(max(temps, key=lambda t: t.celsius))
