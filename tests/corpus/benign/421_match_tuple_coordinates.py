# Matching tuples and nested sequences
def describe(value: object) -> str:
    match value:
        case [(x1, y1), (x2, y2)]:
            return f"segment from ({x1},{y1}) to ({x2},{y2})"
        case (x, y):
            return f"2D point x={x} y={y}"
        case (x, y, z):
            return f"3D point x={x} y={y} z={z}"
        case [first, *middle, last]:
            return f"sequence {first}..{last} with {len(middle)} in the middle"
        case str() | bytes():
            return "text"
        case _:
            return "something else"


for v in [(1, 2), (1, 2, 3), [(0, 0), (3, 4)], [1, 2, 3, 4, 5], "xy", 42]:
    print(f"{v!r:<20} {describe(v)}")
