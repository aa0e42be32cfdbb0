# Validate fields of a model by calling validate_<field> methods when present.
class User:
    def __init__(self, **fields):
        for key, value in fields.items():
            setattr(self, key, value)

    def validate_email(self, value):
        return "@" in value and "." in value.split("@")[-1]

    def validate_age(self, value):
        return isinstance(value, int) and 0 < value < 150

    def errors(self):
        problems = []
        for field in sorted(vars(self)):
            check = getattr(self, "validate_" + field, None)
            if check is not None and not check(getattr(self, field)):
                problems.append(field)
        return problems


users = [
    User(name="ann", email="ann@example.com", age=30),
    User(name="bob", email="bob@localhost", age=200),
    User(name="cy", email="cy@site.io"),
]
for u in users:
    errs = u.errors()
    print(f"{u.name}: {'ok' if not errs else 'invalid ' + ', '.join(errs)}")
