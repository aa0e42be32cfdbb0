# Find which attributes of a class are properties and print their values.
class Temperature:
    def __init__(self, celsius):
        self.celsius = celsius

    @property
    def fahrenheit(self):
        return self.celsius * 9 / 5 + 32

    @property
    def kelvin(self):
        return self.celsius + 273.15

    def describe(self):
        return "hot" if self.celsius > 25 else "mild" if self.celsius > 10 else "cold"


props = [name for name in dir(Temperature)
         if isinstance(getattr(Temperature, name), property)]
print("properties:", props)
for c in (-5, 18, 31):
    t = Temperature(c)
    values = ", ".join(f"{p}={getattr(t, p):.2f}" for p in props)
    print(f"{c:>3} C: {values} ({t.describe()})")
