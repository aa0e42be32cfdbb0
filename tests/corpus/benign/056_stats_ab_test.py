# A/B test: two-proportion z-test for conversion rates
import math
from statistics import NormalDist

visitors_a, conversions_a = 2400, 192
visitors_b, conversions_b = 2350, 235
pa, pb = conversions_a / visitors_a, conversions_b / visitors_b
pooled = (conversions_a + conversions_b) / (visitors_a + visitors_b)
se = math.sqrt(pooled * (1 - pooled) * (1 / visitors_a + 1 / visitors_b))
z = (pb - pa) / se
p_value = 2 * (1 - NormalDist().cdf(abs(z)))
print(f"A: {pa:.2%}  B: {pb:.2%}  lift: {(pb - pa) / pa:+.1%}")
print(f"z = {z:.3f}, p = {p_value:.4f}")
print("significant at 5%:", p_value < 0.05)
