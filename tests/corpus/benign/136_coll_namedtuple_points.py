# namedtuple for lightweight records
from collections import namedtuple

Point = namedtuple("Point", ["x", "y"])
City = namedtuple("City", "name country population", defaults=[0])

p = Point(3, 4)
print(p, p.x, p[1], p == (3, 4))
print("distance from origin:", (p.x ** 2 + p.y ** 2) ** 0.5)
x, y = p
print("unpacked:", x, y)
cities = [City("Lagos", "Nigeria", 15_388_000), City("Lima", "Peru", 10_719_000), City("Nowhere", "N/A")]
for c in sorted(cities, key=lambda c: c.population, reverse=True):
    print(f"{c.name:<8} {c.country:<8} {c.population:>12,}")
print(Point._fields, City._field_defaults)
print(p._replace(x=10), p._asdict())
print(Point._make([7, 8]))
