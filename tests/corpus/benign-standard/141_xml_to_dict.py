# Convert an XML tree into nested Python dicts/lists and print as JSON.
import json
import xml.etree.ElementTree as ET

XML = """<person id="7">
  <name>Ada</name>
  <skills><skill>math</skill><skill>poetry</skill></skills>
  <address city="London"><street>St James's Square</street></address>
</person>"""


def to_dict(elem):
    node = dict(elem.attrib)
    children = list(elem)
    if children:
        for child in children:
            value = to_dict(child)
            if child.tag in node:
                if not isinstance(node[child.tag], list):
                    node[child.tag] = [node[child.tag]]
                node[child.tag].append(value)
            else:
                node[child.tag] = value
    elif elem.text and elem.text.strip():
        if not node:
            return elem.text.strip()
        node["text"] = elem.text.strip()
    return node


root = ET.fromstring(XML)
print(json.dumps({root.tag: to_dict(root)}, indent=2))
