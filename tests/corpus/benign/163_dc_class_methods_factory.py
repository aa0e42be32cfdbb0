# Alternate constructors on a dataclass with classmethod
from dataclasses import dataclass


@dataclass
class Color:
    r: int
    g: int
    b: int

    @classmethod
    def from_hex(cls, code: str) -> "Color":
        code = code.lstrip("#")
        return cls(*(int(code[i:i + 2], 16) for i in (0, 2, 4)))

    def to_hex(self) -> str:
        return f"#{self.r:02x}{self.g:02x}{self.b:02x}"

    def blend(self, other: "Color", t: float = 0.5) -> "Color":
        return Color(*(round(a + (b - a) * t) for a, b in zip((self.r, self.g, self.b), (other.r, other.g, other.b))))


red, blue = Color.from_hex("#ff0000"), Color.from_hex("0000FF")
print(red, blue)
purple = red.blend(blue)
print(purple, purple.to_hex())
print([red.blend(blue, t).to_hex() for t in (0, 0.25, 0.75, 1)])
