# __slots__ restricts attributes (and saves memory for many instances)
class Pixel:
    __slots__ = ("x", "y", "rgb")

    def __init__(self, x: int, y: int, rgb: tuple[int, int, int]) -> None:
        self.x, self.y, self.rgb = x, y, rgb


p = Pixel(1, 2, (255, 0, 0))
try:
    p.alpha = 0.5
except AttributeError as exc:
    print("AttributeError:", exc)
pixels = [Pixel(x, y, (x % 256, y % 256, 0)) for x in range(100) for y in range(100)]
print(len(pixels), pixels[-1].rgb, Pixel.__slots__)
