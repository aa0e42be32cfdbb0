# Detect the delimiter of some pasted tabular text and load it.
import csv
import io

pasted = """city;population;area_km2
Oslo;709037;454
Bergen;291189;465
Trondheim;212660;342
"""

dialect = csv.Sniffer().sniff(pasted.splitlines()[0])
print("delimiter:", repr(dialect.delimiter))
rows = list(csv.DictReader(io.StringIO(pasted), dialect=dialect))
for row in rows:
    density = int(row["population"]) / int(row["area_km2"])
    print(f"{row['city']:<10} density {density:8.1f} /km2")
largest = max(rows, key=lambda r: int(r["population"]))
print("largest:", largest["city"])
print("has header:", csv.Sniffer().has_header(pasted))
