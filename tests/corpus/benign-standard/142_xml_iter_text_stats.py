# Count words per chapter in an XML manuscript using iter() and itertext().
import xml.etree.ElementTree as ET

BOOK = """<book title="Short Tales">
  <chapter n="1"><p>It was a dark and stormy night.</p><p>The wind <em>howled</em>.</p></chapter>
  <chapter n="2"><p>Morning came.</p></chapter>
  <chapter n="3"><p>They walked to the <b>old</b> mill by the river.</p><p>Nobody spoke.</p></chapter>
</book>"""

root = ET.fromstring(BOOK)
print("title:", root.get("title"))
total = 0
for chapter in root.iter("chapter"):
    text = " ".join("".join(p.itertext()) for p in chapter.iter("p"))
    words = len(text.split())
    total += words
    print(f"chapter {chapter.get('n')}: {len(chapter.findall('p'))} paragraph(s), {words} words")
print("total words:", total)
print("emphasised:", [e.text for e in root.iter() if e.tag in ("em", "b")])
