# Using for/else with exceptions for a search with validation
def find_first_negative(values: list[str]) -> int | None:
    for i, raw in enumerate(values):
        try:
            number = float(raw)
        except ValueError:
            print(f"  skipping non-number {raw!r} at {i}")
            continue
        if number < 0:
            print(f"  found {number} at index {i}")
            return i
    else:
        print("  no negative number found")
        return None


print(find_first_negative(["3", "x", "-2.5", "-1"]))
print(find_first_negative(["1", "2", "abc"]))
