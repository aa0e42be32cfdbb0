# Pretty-print a nested structure with pprint
from pprint import pformat, pprint

inventory = {
    "warehouse": "B7",
    "bins": [{"id": f"B7-{i:02d}", "items": {"bolts": i * 100, "nuts": i * 150, "washers": i * 75}} for i in range(1, 4)],
    "manager": {"name": "Ola Nordmann", "phone": "+47 555 01 234"},
    "tags": ("hazmat", "overflow"),
}
pprint(inventory, width=72)
print(pformat(inventory["bins"][0], compact=True))
pprint(list(range(30)), compact=True, width=40)
pprint(inventory, depth=1)
