# Find __placeholder__ markers in a template and fill them from a dict.
import re

TEMPLATE = "Dear __name__, your order __order_id__ ships on __date__. Total: __total__."
values = {"__name__": "Ms. Rivera", "__order_id__": "A-1042", "__total__": "$88.10"}

found = re.findall(r"__[a-z_]+?__", TEMPLATE)
print("markers:", found)
missing = [m for m in found if m not in values]
print("missing values:", missing)


def fill(match):
    return values.get(match.group(0), "[" + match.group(0).strip("_") + "?]")


print(re.sub(r"__[a-z_]+?__", fill, TEMPLATE))
