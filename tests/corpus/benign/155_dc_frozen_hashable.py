# Frozen dataclasses are immutable and hashable, so they work as dict keys
from dataclasses import FrozenInstanceError, dataclass


@dataclass(frozen=True)
class Coordinate:
    lat: float
    lon: float


visits = {Coordinate(48.8566, 2.3522): "Paris", Coordinate(41.9028, 12.4964): "Rome"}
print(visits[Coordinate(48.8566, 2.3522)])
c = Coordinate(1.0, 2.0)
try:
    c.lat = 5.0
except FrozenInstanceError as exc:
    print("cannot modify:", exc)
print(len({Coordinate(0, 0), Coordinate(0, 0), Coordinate(0, 1)}))
print(hash(Coordinate(3, 4)) == hash(Coordinate(3, 4)))
