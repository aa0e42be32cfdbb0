# Treat a specific warning as an error to find the offending input
import warnings


class PrecisionWarning(UserWarning):
    pass


def to_float(n: int) -> float:
    f = float(n)
    if int(f) != n:
        warnings.warn(f"{n} cannot be represented exactly as a float", PrecisionWarning)
    return f


values = [10, 2 ** 53, 2 ** 53 + 1, 12345678901234567891, 7]
with warnings.catch_warnings():
    warnings.simplefilter("error", PrecisionWarning)
    for v in values:
        try:
            print(f"{v} -> {to_float(v)!r}")
        except PrecisionWarning as exc:
            print(f"{v} -> rejected: {exc}")
