# Parse a fixed-width report from a multi-line string via StringIO.
import io

REPORT = """\
SKU     DESCRIPTION         QTY   PRICE
A-100   Blue pen             40    0.75
B-220   Notebook A5          12    3.20
C-031   Stapler               3   11.90
D-404   Paper clips (100)    25    1.10
"""

fields = [("sku", 0, 8), ("desc", 8, 28), ("qty", 28, 33), ("price", 33, 41)]
stream = io.StringIO(REPORT)
next(stream)  # skip header
items = []
for line in stream:
    rec = {name: line[a:b].strip() for name, a, b in fields}
    rec["qty"] = int(rec["qty"])
    rec["price"] = float(rec["price"])
    items.append(rec)

for it in items:
    print(f"{it['sku']}: {it['desc']!r} value={it['qty'] * it['price']:.2f}")
print(f"stock value: {sum(i['qty'] * i['price'] for i in items):.2f}")
