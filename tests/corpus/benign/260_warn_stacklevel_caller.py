# stacklevel=2 attributes the warning to the caller's line, not the helper's
import warnings


def parse_ratio(text: str) -> float:
    if ":" in text:
        warnings.warn("'a:b' ratios are deprecated, use 'a/b'", DeprecationWarning, stacklevel=2)
        text = text.replace(":", "/")
    num, den = text.split("/")
    return int(num) / int(den)


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    a = parse_ratio("3/4")
    b = parse_ratio("16:9")
print(a, round(b, 4))
for w in caught:
    print(f"line {w.lineno}: {w.category.__name__}: {w.message}")
