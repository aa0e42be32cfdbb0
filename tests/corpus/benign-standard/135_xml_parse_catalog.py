# Parse an XML book catalog and report prices by genre.
import xml.etree.ElementTree as ET

XML = """<catalog>
  <book id="bk101" genre="fantasy"><title>The Hobbit</title><price>8.99</price></book>
  <book id="bk102" genre="scifi"><title>Dune</title><price>9.99</price></book>
  <book id="bk103" genre="fantasy"><title>Mistborn</title><price>7.49</price></book>
  <book id="bk104" genre="mystery"><title>Gone Girl</title><price>11.00</price></book>
</catalog>"""

root = ET.fromstring(XML)
print("root tag:", root.tag, "books:", len(root))
by_genre = {}
for book in root.findall("book"):
    price = float(book.findtext("price"))
    by_genre.setdefault(book.get("genre"), []).append(price)
    print(f"{book.get('id')}: {book.findtext('title')} ({price:.2f})")
for genre, prices in sorted(by_genre.items()):
    print(f"{genre}: {len(prices)} book(s), avg {sum(prices) / len(prices):.2f}")
