# Cartesian products: configuration grids and password space size
from itertools import product

sizes = ["S", "M", "L"]
colors = ["red", "blue"]
print([f"{s}-{c}" for s, c in product(sizes, colors)])
grid = {"lr": [0.1, 0.01], "batch": [16, 32], "dropout": [0.0, 0.5]}
for i, combo in enumerate(product(*grid.values()), 1):
    print(i, dict(zip(grid, combo)))
print("3-bit strings:", ["".join(bits) for bits in product("01", repeat=3)])
print("PIN combinations:", sum(1 for _ in product(range(10), repeat=4)))
