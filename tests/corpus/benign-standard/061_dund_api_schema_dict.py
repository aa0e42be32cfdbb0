# Validate documents against a schema that uses "__required__" and "__type__" as data keys.
SCHEMA = {
    "__type__": "object",
    "__required__": ["name", "price"],
    "name": {"__type__": "str"},
    "price": {"__type__": "float"},
    "stock": {"__type__": "int"},
}

TYPES = {"str": str, "float": (int, float), "int": int}


def validate(doc, schema):
    errors = [f"missing {k}" for k in schema["__required__"] if k not in doc]
    for key, value in doc.items():
        rule = schema.get(key)
        if rule is None:
            errors.append(f"unexpected {key}")
        elif not isinstance(value, TYPES[rule["__type__"]]):
            errors.append(f"{key} should be {rule['__type__']}")
    return errors


docs = [
    {"name": "lamp", "price": 19.9, "stock": 4},
    {"name": "desk", "stock": "many"},
    {"name": "chair", "price": 45, "colour": "red"},
]
for d in docs:
    errs = validate(d, SCHEMA)
    print(d["name"], "->", "valid" if not errs else "; ".join(errs))
