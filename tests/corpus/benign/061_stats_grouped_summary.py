# Average salary per department
from collections import defaultdict
from statistics import mean, median

employees = [("eng", 120_000), ("eng", 135_000), ("sales", 70_000), ("eng", 110_000),
             ("sales", 82_000), ("hr", 65_000), ("sales", 75_500), ("hr", 71_000)]
by_dept: defaultdict[str, list[int]] = defaultdict(list)
for dept, salary in employees:
    by_dept[dept].append(salary)
for dept in sorted(by_dept):
    s = by_dept[dept]
    print(f"{dept:<6} n={len(s)} mean={mean(s):>10,.2f} median={median(s):>10,.1f} max={max(s):,}")
