# Pivot CSV data: months as columns, products as rows
import csv

lines = """month,product,revenue
Jan,apples,120
Jan,pears,80
Feb,apples,135
Feb,pears,95
Mar,apples,150
Mar,plums,40""".splitlines()
table: dict[str, dict[str, int]] = {}
months: list[str] = []
for row in csv.DictReader(lines):
    if row["month"] not in months:
        months.append(row["month"])
    table.setdefault(row["product"], {})[row["month"]] = int(row["revenue"])
print(f"{'product':<8}" + "".join(f"{m:>6}" for m in months) + f"{'total':>7}")
for product in sorted(table):
    vals = [table[product].get(m, 0) for m in months]
    print(f"{product:<8}" + "".join(f"{v:>6}" for v in vals) + f"{sum(vals):>7}")
