# Convert colors between RGB, HSV and HLS with colorsys
import colorsys

palette = {"red": (255, 0, 0), "teal": (0, 128, 128), "gold": (255, 215, 0), "gray": (128, 128, 128)}
for name, (r, g, b) in palette.items():
    h, s, v = colorsys.rgb_to_hsv(r / 255, g / 255, b / 255)
    hh, l, ss = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    print(f"{name:<5} HSV=({h * 360:5.1f}, {s:.2f}, {v:.2f}) HLS=({hh * 360:5.1f}, {l:.2f}, {ss:.2f})")
r, g, b = colorsys.hsv_to_rgb(200 / 360, 0.5, 0.9)
print("hsv(200, 50%, 90%) ->", f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}")
