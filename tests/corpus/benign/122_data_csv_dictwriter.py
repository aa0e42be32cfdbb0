# Produce a CSV report with csv.DictWriter, quoting all non-numeric fields
import csv

records = [
    {"sku": "A100", "name": "Desk lamp", "price": 24.99, "stock": 12},
    {"sku": "B200", "name": "Office chair", "price": 149.0, "stock": 3},
    {"sku": "C300", "name": 'Monitor 27"', "price": 229.5, "stock": 0},
]


class Sink:
    def __init__(self) -> None:
        self.text = ""

    def write(self, s: str) -> None:
        self.text += s


sink = Sink()
writer = csv.DictWriter(sink, fieldnames=["sku", "name", "price", "stock"], quoting=csv.QUOTE_NONNUMERIC,
                        lineterminator="\n")
writer.writeheader()
for rec in records:
    writer.writerow(rec)
print(sink.text, end="")
