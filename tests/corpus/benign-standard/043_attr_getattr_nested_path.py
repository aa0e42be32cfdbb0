# Resolve dotted attribute paths like "address.city" on nested objects.
from functools import reduce


class Address:
    def __init__(self, city, zip_code):
        self.city = city
        self.zip_code = zip_code


class Customer:
    def __init__(self, name, address):
        self.name = name
        self.address = address


def resolve(obj, path, default="?"):
    try:
        return reduce(getattr, path.split("."), obj)
    except AttributeError:
        return default


customers = [Customer("Ann", Address("Lyon", "69001")), Customer("Bo", None)]
for c in customers:
    print(c.name, "|", resolve(c, "address.city"), "|", resolve(c, "address.zip_code"))
print("sorted by city:", [c.name for c in sorted(customers, key=lambda c: resolve(c, "address.city", ""))])
