# Check XML messages for required elements and report malformed ones.
import xml.etree.ElementTree as ET

messages = [
    "<msg><from>ann</from><to>bob</to><body>hi</body></msg>",
    "<msg><from>bob</from><body>no recipient</body></msg>",
    "<msg><from>cy</from><to>ann</to><body>unclosed</msg>",
    "<note><to>x</to></note>",
]
REQUIRED = ("from", "to", "body")

for i, text in enumerate(messages, 1):
    try:
        root = ET.fromstring(text)
    except ET.ParseError as err:
        print(f"message {i}: parse error at line {err.position[0]}, column {err.position[1]}")
        continue
    if root.tag != "msg":
        print(f"message {i}: unexpected root <{root.tag}>")
        continue
    missing = [tag for tag in REQUIRED if root.find(tag) is None]
    print(f"message {i}: {'ok' if not missing else 'missing ' + ', '.join(missing)}")
