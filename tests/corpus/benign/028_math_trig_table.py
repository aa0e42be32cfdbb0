# Table of trigonometric values for common angles
import math

print(f"{'deg':>4} {'sin':>8} {'cos':>8} {'tan':>10}")
for deg in range(0, 361, 30):
    rad = math.radians(deg)
    s, c = math.sin(rad), math.cos(rad)
    t = "undefined" if abs(c) < 1e-12 else f"{math.tan(rad):.4f}"
    print(f"{deg:>4} {s:>8.4f} {c:>8.4f} {t:>10}")
