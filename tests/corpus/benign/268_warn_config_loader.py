# A config loader that reports problems as warnings and summarizes them
import json
import warnings

KNOWN = {"name": str, "port": int, "debug": bool}
DEPRECATED = {"verbose": "debug"}


def load(raw: str) -> dict:
    data = json.loads(raw)
    config = {}
    for key, value in data.items():
        if key in DEPRECATED:
            warnings.warn(f"'{key}' is deprecated, use '{DEPRECATED[key]}'", DeprecationWarning)
            key = DEPRECATED[key]
        if key not in KNOWN:
            warnings.warn(f"ignoring unknown key '{key}'")
            continue
        if not isinstance(value, KNOWN[key]):
            warnings.warn(f"'{key}' should be {KNOWN[key].__name__}, got {type(value).__name__}", RuntimeWarning)
            value = KNOWN[key](value)
        config[key] = value
    return config


with warnings.catch_warnings(record=True) as issues:
    warnings.simplefilter("always")
    cfg = load('{"name": "api", "port": "8080", "verbose": true, "colour": "red"}')
print(cfg)
print(f"{len(issues)} issue(s):")
for w in issues:
    print(f"  - {w.category.__name__}: {w.message}")
