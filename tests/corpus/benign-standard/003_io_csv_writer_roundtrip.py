# Write rows to CSV in memory, then read them back and check they match.
import csv
import io

rows = [
    ["id", "product", "price"],
    [1, "Widget, large", 9.99],
    [2, 'Gadget "pro"', 24.5],
    [3, "Gizmo", 3],
]

out = io.StringIO()
writer = csv.writer(out, lineterminator="\n")
writer.writerows(rows)
text = out.getvalue()
print(text, end="")

back = list(csv.reader(io.StringIO(text)))
print("rows read back:", len(back))
print("second product:", back[2][1])
print("round trip equal:", back == [[str(c) for c in r] for r in rows])
