# Special functions: gamma, lgamma, erf and the normal CDF
import math

for x in [0.5, 1, 5, 10.5]:
    print(f"gamma({x}) = {math.gamma(x):.6f}, lgamma = {math.lgamma(x):.6f}")
print("gamma(0.5)^2 == pi:", math.isclose(math.gamma(0.5) ** 2, math.pi))


def normal_cdf(x: float, mu: float = 0.0, sigma: float = 1.0) -> float:
    return 0.5 * (1 + math.erf((x - mu) / (sigma * math.sqrt(2))))


for z in (-1.96, -1, 0, 1, 1.96, 3):
    print(f"P(Z <= {z:>5}) = {normal_cdf(z):.5f}")
print("erfc(2) =", math.erfc(2))
