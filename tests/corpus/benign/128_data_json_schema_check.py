# Validate records against a tiny hand-written schema
import json

SCHEMA = {"name": str, "age": int, "email": str, "tags": list}
docs = [
    '{"name": "Ann", "age": 31, "email": "ann@example.com", "tags": ["a"]}',
    '{"name": "Bo", "age": "31", "email": "bo@example.com", "tags": []}',
    '{"name": "Cy", "email": "cy@example.com"}',
    '{"name": "Di", "age": 28, "email": "di@example.com", "tags": [], "extra": true}',
]
for raw in docs:
    doc = json.loads(raw)
    errors = []
    for field, kind in SCHEMA.items():
        if field not in doc:
            errors.append(f"missing {field}")
        elif not isinstance(doc[field], kind):
            errors.append(f"{field} should be {kind.__name__}, got {type(doc[field]).__name__}")
    errors += [f"unexpected {k}" for k in doc if k not in SCHEMA]
    print(doc["name"], "->", "valid" if not errors else "; ".join(errors))
