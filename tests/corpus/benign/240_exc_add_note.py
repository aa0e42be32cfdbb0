# Adding context to exceptions with add_note (Python 3.11)
def parse_row(line_no: int, line: str) -> tuple[str, int]:
    name, qty = line.split(",")
    try:
        return name, int(qty)
    except ValueError as exc:
        exc.add_note(f"while parsing line {line_no}: {line!r}")
        raise


rows = ["apples,3", "pears,x", "plums,7"]
for i, row in enumerate(rows, 1):
    try:
        print(parse_row(i, row))
    except ValueError as exc:
        print("error:", exc)
        print("notes:", exc.__notes__)
