# Use ElementTree's limited XPath to query employees.
import xml.etree.ElementTree as ET

XML = """<company>
  <dept name="eng">
    <emp id="1" level="senior"><name>Ann</name><salary>120</salary></emp>
    <emp id="2" level="junior"><name>Ben</name><salary>80</salary></emp>
  </dept>
  <dept name="sales">
    <emp id="3" level="senior"><name>Cat</name><salary>95</salary></emp>
  </dept>
</company>"""

root = ET.fromstring(XML)
print("all names:", [e.text for e in root.findall(".//emp/name")])
print("seniors:", [e.findtext("name") for e in root.findall(".//emp[@level='senior']")])
print("eng staff:", [e.findtext("name") for e in root.findall("./dept[@name='eng']/emp")])
print("first emp of each dept:", [d.find("emp[1]").findtext("name") for d in root.findall("dept")])
print("depts with a Ben:", [d.get("name") for d in root.findall("dept") if d.find("emp[name='Ben']") is not None])
payroll = sum(int(s.text) for s in root.iter("salary"))
print("payroll:", payroll)
