# PendingDeprecationWarning and FutureWarning recorded with the "default" action
import warnings


def feature(name: str) -> str:
    if name == "legacy":
        warnings.warn("legacy mode will be deprecated", PendingDeprecationWarning)
    elif name == "v1":
        warnings.warn("v1 output format changes in the next release", FutureWarning)
    return f"feature {name} on"


with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("default")
    for name in ["legacy", "v1", "modern", "legacy"]:
        print(feature(name))
print(len(rec), "warnings:")
for w in rec:
    print(" ", w.category.__name__, "-", w.message)
