# ExceptionGroup and except* (Python 3.11)
def validate(record: dict) -> None:
    errors: list[Exception] = []
    if not record.get("name"):
        errors.append(ValueError("name is required"))
    age = record.get("age")
    if not isinstance(age, int):
        errors.append(TypeError("age must be an int"))
    elif age < 0:
        errors.append(ValueError("age must be >= 0"))
    if errors:
        raise ExceptionGroup(f"invalid record {record}", errors)


for rec in [{"name": "ann", "age": 30}, {"name": "", "age": "x"}, {"age": -5}]:
    try:
        validate(rec)
        print("valid:", rec)
    except* ValueError as group:
        print("value errors:", [str(e) for e in group.exceptions])
    except* TypeError as group:
        print("type errors:", [str(e) for e in group.exceptions])
