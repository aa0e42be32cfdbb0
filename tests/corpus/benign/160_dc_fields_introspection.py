# Inspect the fields of a dataclass
from dataclasses import MISSING, dataclass, field, fields


@dataclass
class User:
    username: str
    email: str
    active: bool = True
    roles: list[str] = field(default_factory=lambda: ["viewer"])
    password_hash: str = field(default="", repr=False)


for f in fields(User):
    default = "required" if f.default is MISSING and f.default_factory is MISSING else (
        "factory" if f.default is MISSING else repr(f.default))
    print(f"{f.name:<14} {f.type!s:<10} {default:<10} repr={f.repr}")
print(User("ada", "ada@example.com", password_hash="secret"))
