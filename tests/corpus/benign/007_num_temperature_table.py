# Celsius to Fahrenheit and Kelvin conversion table
def c_to_f(c: float) -> float:
    return c * 9 / 5 + 32


print(f"{'Celsius':^10}|{'Fahrenheit':^12}|{'Kelvin':^10}")
print("-" * 34)
for c in range(-40, 101, 20):
    print(f"{c:^10d}|{c_to_f(c):^12.1f}|{c + 273.15:^10.2f}")
