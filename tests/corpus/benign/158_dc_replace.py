# Creating modified copies with dataclasses.replace
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Settings:
    host: str = "localhost"
    port: int = 8000
    debug: bool = False
    workers: int = 1


base = Settings()
prod = replace(base, host="0.0.0.0", workers=8)
dev = replace(base, debug=True)
for name, s in [("base", base), ("prod", prod), ("dev", dev)]:
    print(f"{name:<5} {s}")
print(base == Settings(), prod == base)
