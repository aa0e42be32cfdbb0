# Emit RuntimeWarnings for suspicious numeric results and count them
import math
import warnings


def safe_log(x: float) -> float:
    if x <= 0:
        warnings.warn(f"log of non-positive value {x}; returning -inf", RuntimeWarning)
        return -math.inf
    return math.log(x)


with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always", RuntimeWarning)
    values = [safe_log(x) for x in [1, math.e, 0, 10, -3]]
print([round(v, 4) for v in values])
print(f"{len(rec)} runtime warnings; first: {rec[0].message}")
