# Build an XML document for an order and serialise it with ET.tostring.
import xml.etree.ElementTree as ET

order = ET.Element("order", id="A-1001", currency="EUR")
customer = ET.SubElement(order, "customer")
customer.text = "Jean Dupont"
items = ET.SubElement(order, "items")
for sku, qty, price in [("P-1", 2, "4.50"), ("P-7", 1, "19.90")]:
    ET.SubElement(items, "item", sku=sku, qty=str(qty)).text = price
total = sum(int(i.get("qty")) * float(i.text) for i in items)
ET.SubElement(order, "total").text = f"{total:.2f}"

print(ET.tostring(order, encoding="unicode"))
ET.indent(order)
print(ET.tostring(order, encoding="unicode"))
