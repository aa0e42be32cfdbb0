# Report errors from a batch of conversions using sys.exc_info().
import sys

inputs = ["42", "3.14", "abc", "", "7"]
converted = []
for text in inputs:
    try:
        converted.append(int(text))
    except ValueError:
        exc_type, exc_value, _tb = sys.exc_info()
        print(f"skip {text!r}: {exc_type.__name__}: {exc_value}")

print("converted:", converted)
print("no active exception now:", sys.exc_info() == (None, None, None))
