# Build a sitemap.xml string for a list of pages with priorities.
import xml.etree.ElementTree as ET

pages = [("/", 1.0, "daily"), ("/about", 0.5, "yearly"), ("/blog", 0.8, "weekly"), ("/contact", 0.3, "yearly")]
NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
ET.register_namespace("", NS)

urlset = ET.Element(f"{{{NS}}}urlset")
for path, priority, freq in sorted(pages, key=lambda p: -p[1]):
    url = ET.SubElement(urlset, f"{{{NS}}}url")
    ET.SubElement(url, f"{{{NS}}}loc").text = "https://example.com" + path
    ET.SubElement(url, f"{{{NS}}}changefreq").text = freq
    ET.SubElement(url, f"{{{NS}}}priority").text = f"{priority:.1f}"

ET.indent(urlset, space="  ")
xml = ET.tostring(urlset, encoding="unicode", xml_declaration=True)
print(xml)
