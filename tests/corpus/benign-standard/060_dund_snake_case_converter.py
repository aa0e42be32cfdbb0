# Convert identifiers between camelCase and snake_case, leaving special names intact.
import re


def to_snake(name: str) -> str:
    if name.startswith("__") and name.endswith("__"):
        return name
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    return s.lower()


def to_camel(name: str) -> str:
    if name.startswith("__") and name.endswith("__"):
        return name
    head, *rest = name.strip("_").split("_")
    return head + "".join(part.title() for part in rest)


names = ["parseHttpResponse", "__init__", "userID2Name", "max_value", "__len__", "getX"]
for n in names:
    print(f"{n:<18} snake={to_snake(n):<20} camel={to_camel(to_snake(n))}")
