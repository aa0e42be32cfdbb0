# Length unit converter using a table of factors relative to metres
FACTORS: dict[str, float] = {
    "mm": 0.001, "cm": 0.01, "m": 1.0, "km": 1000.0,
    "in": 0.0254, "ft": 0.3048, "yd": 0.9144, "mi": 1609.344,
}


def convert(value: float, src: str, dst: str) -> float:
    return value * FACTORS[src] / FACTORS[dst]


queries = [(5, "km", "mi"), (6, "ft", "m"), (100, "m", "yd"), (12, "in", "cm"), (26.2, "mi", "km")]
for value, src, dst in queries:
    print(f"{value:g} {src} = {convert(value, src, dst):.4f} {dst}")
