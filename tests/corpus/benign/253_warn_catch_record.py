# Recording warnings with catch_warnings(record=True)
import warnings


def risky_ratio(a: float, b: float) -> float:
    if b == 0:
        warnings.warn("division by zero, returning inf", RuntimeWarning)
        return float("inf")
    if a > 1e6:
        warnings.warn(f"large numerator {a}", UserWarning)
    return a / b


with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    results = [risky_ratio(1, 0), risky_ratio(2e6, 4), risky_ratio(3, 4)]
print("results:", results)
print("warnings recorded:", len(caught))
for w in caught:
    print(f"  {w.category.__name__}: {w.message}")
