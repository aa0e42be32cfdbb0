# Dataclass inheritance: subclasses add fields after the parent's
from dataclasses import dataclass


@dataclass
class Vehicle:
    make: str
    model: str
    year: int

    def describe(self) -> str:
        return f"{self.year} {self.make} {self.model}"


@dataclass
class ElectricCar(Vehicle):
    battery_kwh: float = 60.0

    def describe(self) -> str:
        return super().describe() + f" ({self.battery_kwh} kWh)"


@dataclass
class Truck(Vehicle):
    payload_tons: float = 1.0


fleet: list[Vehicle] = [Vehicle("Toyota", "Corolla", 2019), ElectricCar("Tesla", "Model 3", 2022, 75),
                        Truck("Volvo", "FH16", 2020, 25.0)]
for v in fleet:
    print(v.describe(), "|", v)
print(isinstance(fleet[1], Vehicle))
