# Parse a JSON document whose keys happen to use double-underscore markers.
import json

DOC = """
{
  "__version__": "2.1",
  "__meta__": {"author": "ops-team", "reviewed": true},
  "services": {
    "web": {"replicas": 3, "__comment__": "public facing"},
    "worker": {"replicas": 5}
  }
}
"""

config = json.loads(DOC)
print("version:", config["__version__"])
print("author:", config["__meta__"]["author"])
for name, svc in sorted(config["services"].items()):
    note = svc.get("__comment__", "-")
    print(f"{name}: replicas={svc['replicas']} note={note}")
markers = sorted(k for k in config if k.startswith("__"))
print("marker keys:", markers)
clean = {k: v for k, v in config.items() if not k.startswith("__")}
print(json.dumps(clean, sort_keys=True))
