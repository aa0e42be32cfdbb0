# Guard features on the Python version, as a portable script would.
import sys

if sys.version_info < (3, 8):
    raise SystemExit("this script needs Python 3.8+")

print("Python 3:", sys.version_info.major == 3)
print("walrus available:", sys.version_info >= (3, 8))
print("match statement available:", sys.version_info >= (3, 10))
print("tomllib available:", sys.version_info >= (3, 11))

data = [3, 8, 1, 9, 4]
if (n := len(data)) > 3:
    print(f"list is long ({n} elements)")

match sys.version_info[:2]:
    case (3, minor) if minor >= 10:
        print("modern Python 3")
    case _:
        print("older Python")
