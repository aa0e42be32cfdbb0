# Collect all validation errors instead of stopping at the first
from dataclasses import dataclass


@dataclass
class FieldError(Exception):
    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def validate_user(user: dict) -> list[FieldError]:
    errors = []
    checks = [
        ("email", lambda v: isinstance(v, str) and "@" in v, "must contain @"),
        ("age", lambda v: isinstance(v, int) and 0 < v < 150, "must be an integer between 1 and 149"),
        ("name", lambda v: isinstance(v, str) and v.strip() != "", "must not be empty"),
    ]
    for field, ok, msg in checks:
        if not ok(user.get(field)):
            errors.append(FieldError(field, msg))
    return errors


for user in [{"email": "a@b.c", "age": 30, "name": "Al"}, {"email": "nope", "age": 200, "name": " "}]:
    errs = validate_user(user)
    print("OK" if not errs else "; ".join(map(str, errs)))
try:
    raise FieldError("zip", "invalid")
except FieldError as e:
    print(repr(e), "|", e)
