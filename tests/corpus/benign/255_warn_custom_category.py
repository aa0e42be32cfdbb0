# A custom warning category and filtering by message
import warnings


class DataQualityWarning(UserWarning):
    """Raised when input data looks suspicious."""


def clean(values: list[float]) -> list[float]:
    out = []
    for v in values:
        if v < 0:
            warnings.warn(f"negative value {v} clipped to 0", DataQualityWarning)
            v = 0.0
        out.append(v)
    return out


with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter("always", DataQualityWarning)
    cleaned = clean([1.5, -2.0, 3.0, -0.5])
print(cleaned)
print([str(w.message) for w in log])
print(all(issubclass(w.category, UserWarning) for w in log))
with warnings.catch_warnings(record=True) as log2:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message=r"negative value -2\.0")
    clean([-2.0, -3.0])
print([str(w.message) for w in log2])
