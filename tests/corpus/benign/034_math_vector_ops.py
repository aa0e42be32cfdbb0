# Basic 3D vector operations without numpy
import math

Vector = tuple[float, float, float]


def dot(u: Vector, v: Vector) -> float:
    return sum(a * b for a, b in zip(u, v))


def cross(u: Vector, v: Vector) -> Vector:
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def norm(u: Vector) -> float:
    return math.hypot(*u)


u, v = (1.0, 2.0, 3.0), (4.0, -5.0, 6.0)
print("dot:", dot(u, v))
print("cross:", cross(u, v))
print(f"|u| = {norm(u):.5f}, |v| = {norm(v):.5f}")
angle = math.degrees(math.acos(dot(u, v) / (norm(u) * norm(v))))
print(f"angle between u and v: {angle:.3f} degrees")
print("distance:", round(math.dist(u, v), 6))
print("unit u:", tuple(round(x / norm(u), 4) for x in u))
