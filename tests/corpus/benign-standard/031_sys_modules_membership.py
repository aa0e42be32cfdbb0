# Check which optional helpers are already imported before using them.
import json
import math
import sys

print("math loaded:", "math" in sys.modules)
print("json loaded:", "json" in sys.modules)


def serialize(obj):
    if "json" in sys.modules:
        return json.dumps(obj, sort_keys=True)
    return repr(obj)


point = {"x": 3, "y": 4}
point["r"] = math.hypot(point["x"], point["y"])
print(serialize(point))
print("sys sees itself:", "sys" in sys.modules)
