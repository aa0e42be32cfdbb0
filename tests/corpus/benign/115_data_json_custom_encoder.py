# Serialize dates, decimals and sets with a custom JSONEncoder
import json
from datetime import date, datetime
from decimal import Decimal


class AppEncoder(json.JSONEncoder):
    def default(self, o: object) -> object:
        if isinstance(o, (date, datetime)):
            return o.isoformat()
        if isinstance(o, Decimal):
            return str(o)
        if isinstance(o, (set, frozenset)):
            return sorted(o)
        return super().default(o)


order = {"id": 981, "placed": datetime(2024, 3, 9, 14, 5), "ship_by": date(2024, 3, 12),
         "total": Decimal("149.90"), "coupons": {"SPRING", "VIP"}}
print(json.dumps(order, cls=AppEncoder, indent=2))
try:
    json.dumps({"x": complex(1, 2)}, cls=AppEncoder)
except TypeError as exc:
    print("TypeError:", exc)
