# The "once" action shows a repeated warning a single time
import warnings


def noisy(i: int) -> int:
    warnings.warn("this function is noisy", UserWarning)
    return i * 2


with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("once")
    values = [noisy(i) for i in range(5)]
print(values, "warnings shown:", len(rec))
with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always")
    values = [noisy(i) for i in range(5)]
print(values, "warnings shown:", len(rec))
