# Area and angles of a triangle from its three sides (Heron's formula, law of cosines)
import math

a, b, c = 7.0, 8.0, 9.0
s = (a + b + c) / 2
area = math.sqrt(s * (s - a) * (s - b) * (s - c))
alpha = math.degrees(math.acos((b * b + c * c - a * a) / (2 * b * c)))
beta = math.degrees(math.acos((a * a + c * c - b * b) / (2 * a * c)))
gamma = 180 - alpha - beta
print(f"area = {area:.4f}")
print(f"angles = {alpha:.3f}, {beta:.3f}, {gamma:.3f} (sum {alpha + beta + gamma:.1f})")
print(f"circumradius = {a * b * c / (4 * area):.4f}, inradius = {area / s:.4f}")
print("right triangle 3-4-5 hypotenuse:", math.hypot(3, 4))
