# Validation and derived fields in __post_init__
from dataclasses import dataclass, field


@dataclass
class Rectangle:
    width: float
    height: float
    area: float = field(init=False)

    def __post_init__(self) -> None:
        if self.width <= 0 or self.height <= 0:
            raise ValueError(f"dimensions must be positive, got {self.width}x{self.height}")
        self.area = self.width * self.height


print(Rectangle(3, 4.5))
for w, h in [(2, 2), (-1, 3), (0, 5)]:
    try:
        r = Rectangle(w, h)
        print("ok", r.area)
    except ValueError as exc:
        print("error:", exc)
