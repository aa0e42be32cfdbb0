# Working with infinity and NaN safely
import math

inf, nan = math.inf, math.nan
print(inf > 1e308, -inf < -1e308, inf - inf)
print(nan == nan, math.isnan(nan), math.isinf(inf), math.isfinite(1.0))
values = [1.5, nan, 3.0, inf, -2.0]
finite = [v for v in values if math.isfinite(v)]
print("finite values:", finite, "sum:", sum(finite))
print(float("nan") in [float("nan")], nan in [nan])
print(math.copysign(0.0, -1), math.copysign(3, -0.0))
print(max(1, 2, float("-inf")), min([inf, 5]))
print(math.isclose(1e-10, 0.0), math.isclose(1e-10, 0.0, abs_tol=1e-9))
