# Logarithms, exponentials and doubling time
import math

print(math.log(100, 10), math.log10(1000), math.log2(1024), math.log(math.e))
print(math.exp(1), math.expm1(1e-10), math.log1p(1e-10))
for rate in (0.01, 0.03, 0.07, 0.10):
    exact = math.log(2) / math.log(1 + rate)
    rule_of_72 = 72 / (rate * 100)
    print(f"{rate:.0%}: doubles in {exact:.2f} years (rule of 72: {rule_of_72:.2f})")
print("decibels for a 1000x power ratio:", 10 * math.log10(1000))
