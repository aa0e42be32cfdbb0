# Aggregate sales by region with csv.DictReader over in-memory lines
import csv
from collections import defaultdict

data = """region,product,units,unit_price
North,Widget,10,2.50
South,Widget,4,2.50
North,Gadget,3,10.00
East,Widget,7,2.40
South,Gadget,5,9.50
North,Widget,6,2.50""".splitlines()
totals: defaultdict[str, float] = defaultdict(float)
units: defaultdict[str, int] = defaultdict(int)
for row in csv.DictReader(data):
    totals[row["region"]] += int(row["units"]) * float(row["unit_price"])
    units[row["product"]] += int(row["units"])
for region, amount in sorted(totals.items(), key=lambda kv: -kv[1]):
    print(f"{region:<6} {amount:>8.2f}")
print(dict(units))
