# A simple descriptor for typed, validated attributes
class Positive:
    def __set_name__(self, owner: type, name: str) -> None:
        self.name = "_" + name

    def __get__(self, obj: object, objtype: type | None = None) -> float:
        return obj.__dict__[self.name]

    def __set__(self, obj: object, value: float) -> None:
        if not isinstance(value, (int, float)) or value <= 0:
            raise ValueError(f"{self.name[1:]} must be a positive number, got {value!r}")
        obj.__dict__[self.name] = value


class Product:
    price = Positive()
    weight = Positive()

    def __init__(self, name: str, price: float, weight: float) -> None:
        self.name = name
        self.price = price
        self.weight = weight


p = Product("kettle", 29.99, 1.2)
print(p.name, p.price, p.weight)
for field, value in [("price", -5), ("weight", "heavy")]:
    try:
        if field == "price":
            p.price = value
        else:
            p.weight = value
    except ValueError as exc:
        print("ValueError:", exc)
