# Keyword class patterns on dataclasses with nested matching
from dataclasses import dataclass


@dataclass
class Address:
    city: str
    country: str


@dataclass
class Customer:
    name: str
    tier: str
    address: Address


def shipping(c: Customer) -> str:
    match c:
        case Customer(tier="gold", address=Address(country="US")):
            return "free express shipping"
        case Customer(tier="gold"):
            return "free international shipping"
        case Customer(address=Address(country="US", city="New York" | "Boston")):
            return "same-day courier available"
        case Customer(address=Address(country="US")):
            return "standard domestic shipping"
        case Customer(name=name, address=Address(country=country)):
            return f"international shipping to {country} for {name}"


customers = [
    Customer("Ann", "gold", Address("Austin", "US")),
    Customer("Ben", "gold", Address("Lyon", "FR")),
    Customer("Cy", "basic", Address("Boston", "US")),
    Customer("Di", "basic", Address("Denver", "US")),
    Customer("Eo", "basic", Address("Osaka", "JP")),
]
for c in customers:
    print(f"{c.name}: {shipping(c)}")
