# Load a JSON string, modify it and dump it again
import json

raw = '{"users": [{"id": 1, "name": "Ann", "tags": ["admin"]}, {"id": 2, "name": "Bo", "tags": []}], "count": 2}'
doc = json.loads(raw)
doc["users"].append({"id": 3, "name": "Cy", "tags": ["beta", "ops"]})
doc["count"] = len(doc["users"])
for user in doc["users"]:
    user["is_admin"] = "admin" in user["tags"]
print(json.dumps(doc, indent=4))
print(type(doc), type(doc["users"][0]["id"]), doc["users"][1]["is_admin"])
