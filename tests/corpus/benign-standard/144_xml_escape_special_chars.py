# Show that ElementTree escapes special characters in text and attributes.
import xml.etree.ElementTree as ET

note = ET.Element("note", title='Tom & Jerry "classic"')
note.text = "if a < b and b > c: print('ok')"
ET.SubElement(note, "tag").text = "R&D"
xml = ET.tostring(note, encoding="unicode")
print(xml)

back = ET.fromstring(xml)
print("title back:", back.get("title"))
print("text back:", back.text)
print("round trip ok:", back.text == note.text and back.find("tag").text == "R&D")
