# Ignore one warning category while still recording the others
import warnings


def load(settings: dict[str, object]) -> dict[str, object]:
    if "timeout_ms" in settings:
        warnings.warn("timeout_ms is deprecated; use timeout", DeprecationWarning)
        settings["timeout"] = settings.pop("timeout_ms") / 1000
    for key in settings:
        if key not in {"timeout", "retries", "host"}:
            warnings.warn(f"unknown setting {key!r}", UserWarning)
    return settings


with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    result = load({"host": "db", "timeout_ms": 2500, "colour": "blue"})
print(result)
print([f"{w.category.__name__}: {w.message}" for w in log])
