# Serializing enums to JSON and back
import json
from enum import Enum, IntEnum


class Role(Enum):
    ADMIN = "admin"
    EDITOR = "editor"
    VIEWER = "viewer"


class Level(IntEnum):
    BASIC = 1
    PRO = 2


user = {"name": "kim", "role": Role.EDITOR, "level": Level.PRO}
encoded = json.dumps(user, default=lambda o: o.value)
print(encoded)
decoded = json.loads(encoded)
decoded["role"] = Role(decoded["role"])
decoded["level"] = Level(decoded["level"])
print(decoded)
print(json.dumps({"level": Level.BASIC}))
