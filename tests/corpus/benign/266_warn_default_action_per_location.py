# The "default" action shows a warning once per code location
import warnings


def check(value: int) -> int:
    if value < 0:
        warnings.warn("negative value clamped to zero")
        return 0
    return value


with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("default")
    results = [check(v) for v in [3, -1, -5, 4, -2]]
    extra = check(-9)
print(results, extra)
print("warnings shown:", len(rec))
print("messages:", sorted({str(w.message) for w in rec}))
