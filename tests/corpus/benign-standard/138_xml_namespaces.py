# Read XML that uses namespaces by passing a prefix map to findall.
import xml.etree.ElementTree as ET

DOC = """<inv:inventory xmlns:inv="urn:example:inventory" xmlns:loc="urn:example:location">
  <inv:part sku="X1"><inv:name>Bolt</inv:name><loc:bin>A3</loc:bin><inv:qty>250</inv:qty></inv:part>
  <inv:part sku="X2"><inv:name>Nut</inv:name><loc:bin>A4</loc:bin><inv:qty>0</inv:qty></inv:part>
  <inv:part sku="X3"><inv:name>Washer</inv:name><loc:bin>B1</loc:bin><inv:qty>75</inv:qty></inv:part>
</inv:inventory>"""

ns = {"inv": "urn:example:inventory", "loc": "urn:example:location"}
root = ET.fromstring(DOC)
print("root tag:", root.tag)
for part in root.findall("inv:part", ns):
    name = part.findtext("inv:name", namespaces=ns)
    qty = int(part.findtext("inv:qty", namespaces=ns))
    bin_ = part.findtext("loc:bin", namespaces=ns)
    status = "OUT" if qty == 0 else "ok"
    print(f"{part.get('sku')} {name:<7} bin={bin_} qty={qty:>3} {status}")
