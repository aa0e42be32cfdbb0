# Creating enums with the functional API
from enum import Enum, IntEnum

Animal = Enum("Animal", "CAT DOG BIRD")
print(list(Animal), Animal.DOG.value)
HttpMethod = Enum("HttpMethod", ["GET", "POST", "PUT", "DELETE"])
print([m.name for m in HttpMethod])
Planet = Enum("Planet", {"MERCURY": 0.39, "VENUS": 0.72, "EARTH": 1.0})
print([(p.name, p.value) for p in Planet])
Level = IntEnum("Level", [("DEBUG", 10), ("INFO", 20), ("ERROR", 40)], start=0)
print(Level.INFO, Level.INFO < Level.ERROR, Level(40).name)
