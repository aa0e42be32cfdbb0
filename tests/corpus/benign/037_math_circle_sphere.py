# Geometry of circles and spheres for a list of radii
import math

print(f"{'r':>5} {'circumference':>14} {'area':>12} {'sphere vol':>12} {'surface':>12}")
for r in [0.5, 1, 2.5, 10]:
    print(f"{r:>5} {2 * math.pi * r:>14.4f} {math.pi * r ** 2:>12.4f} "
          f"{4 / 3 * math.pi * r ** 3:>12.4f} {4 * math.pi * r ** 2:>12.4f}")
print("tau == 2*pi:", math.tau == 2 * math.pi)
print("radius of a circle with area 100:", round(math.sqrt(100 / math.pi), 6))
