# Different ways to format large numbers for a report
values = [1234567.891, 0.000123, 42, -9876543210, 1e21]
for v in values:
    print(f"{v:,.2f} | {v:_} | {v:.3e} | {v:g}")

population = 8_045_311_447
print(f"World population: {population:,}")
print(f"With underscores: {population:_}")
print(f"Share of 1.4 billion: {1_400_000_000 / population:.1%}")
