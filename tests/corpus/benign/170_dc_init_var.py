# InitVar passes values to __post_init__ without storing them as fields
from dataclasses import InitVar, dataclass, field, fields
import hashlib


@dataclass
class StoredUser:
    username: str
    password: InitVar[str]
    password_hash: str = field(init=False, repr=False)

    def __post_init__(self, password: str) -> None:
        self.password_hash = hashlib.sha256(("salt:" + password).encode()).hexdigest()

    def check(self, attempt: str) -> bool:
        return hashlib.sha256(("salt:" + attempt).encode()).hexdigest() == self.password_hash


u = StoredUser("grace", "correct horse")
print(u)
print([f.name for f in fields(u)])
print(u.check("correct horse"), u.check("hunter2"))
print(u.password_hash[:16])
