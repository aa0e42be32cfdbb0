# Pretty-print a nested JSON document with sorted keys
import json

config = {
    "service": "billing",
    "version": 3,
    "features": {"invoices": True, "refunds": False, "limits": {"daily": 5000, "monthly": 100000}},
    "regions": ["eu-west", "us-east"],
    "owner": None,
}
print(json.dumps(config, indent=2, sort_keys=True))
print(json.dumps(config, separators=(",", ":")))
