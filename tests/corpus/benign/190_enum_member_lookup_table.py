# Using enums as dict keys for a lookup table of tax rates
from enum import Enum


class Region(Enum):
    EU = "eu"
    US = "us"
    UK = "uk"


VAT = {Region.EU: 0.21, Region.US: 0.0725, Region.UK: 0.20}


def price_with_tax(net: float, region: Region) -> float:
    return round(net * (1 + VAT[region]), 2)


for region in Region:
    print(f"{region.name}: {price_with_tax(49.99, region):>6.2f}")
print(Region("uk") in VAT, sorted(r.value for r in VAT))
