# Projectile range and max height for different launch angles
import math

g = 9.81
v0 = 30.0
print(f"{'angle':>5} {'range (m)':>10} {'height (m)':>11} {'time (s)':>9}")
for angle in range(15, 90, 15):
    theta = math.radians(angle)
    t_flight = 2 * v0 * math.sin(theta) / g
    rng = v0 ** 2 * math.sin(2 * theta) / g
    height = (v0 * math.sin(theta)) ** 2 / (2 * g)
    print(f"{angle:>5} {rng:>10.2f} {height:>11.2f} {t_flight:>9.2f}")
best = max(range(1, 90), key=lambda a: math.sin(math.radians(2 * a)))
print("angle with max range:", best)
