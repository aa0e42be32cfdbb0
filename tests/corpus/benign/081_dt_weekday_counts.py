# How many Fridays fall on the 13th in the years 2024-2030?
from datetime import date

hits = [date(y, m, 13) for y in range(2024, 2031) for m in range(1, 13) if date(y, m, 13).weekday() == 4]
for d in hits:
    print(d.strftime("%a %d %b %Y"))
print("count:", len(hits))
