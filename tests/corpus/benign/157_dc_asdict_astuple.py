# Converting dataclasses to dicts and tuples (e.g. for JSON)
import json
from dataclasses import asdict, astuple, dataclass, field


@dataclass
class Address:
    street: str
    city: str


@dataclass
class Customer:
    id: int
    name: str
    address: Address
    tags: list[str] = field(default_factory=list)


c = Customer(7, "Mo Salah", Address("1 Anfield Rd", "Liverpool"), ["vip"])
print(asdict(c))
print(astuple(c))
print(json.dumps(asdict(c), indent=2))
