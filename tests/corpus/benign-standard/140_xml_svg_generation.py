# Generate a simple SVG bar chart as XML.
import xml.etree.ElementTree as ET

data = {"Mon": 12, "Tue": 19, "Wed": 7, "Thu": 15, "Fri": 22}
bar_w, gap, scale = 30, 10, 5
height = max(data.values()) * scale + 20
svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg",
                 width=str(len(data) * (bar_w + gap)), height=str(height))
for i, (day, value) in enumerate(data.items()):
    x = i * (bar_w + gap)
    h = value * scale
    ET.SubElement(svg, "rect", x=str(x), y=str(height - h - 15), width=str(bar_w), height=str(h), fill="steelblue")
    label = ET.SubElement(svg, "text", x=str(x + 5), y=str(height - 2))
    label.text = day

text = ET.tostring(svg, encoding="unicode")
print(text[:120] + "...")
print("rects:", len(svg.findall("rect")), "labels:", [t.text for t in svg.iter("text")])
print("tallest bar height:", max(int(r.get("height")) for r in svg.iter("rect")))
