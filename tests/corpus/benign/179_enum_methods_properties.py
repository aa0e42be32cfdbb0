# Enums with methods and tuple values
from enum import Enum


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)
    JUPITER = (1.9e27, 7.1492e7)

    def __init__(self, mass: float, radius: float) -> None:
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self) -> float:
        G = 6.67300e-11
        return G * self.mass / (self.radius * self.radius)

    def weight(self, earth_weight: float) -> float:
        return earth_weight * self.surface_gravity / Planet.EARTH.surface_gravity


for p in Planet:
    print(f"{p.name:<8} g={p.surface_gravity:6.2f} m/s^2  70kg person weighs {p.weight(70):6.1f} kg-equivalent")
