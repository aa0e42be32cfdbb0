# Extract headlines and links from an RSS feed string.
import xml.etree.ElementTree as ET

RSS = """<?xml version="1.0"?>
<rss version="2.0"><channel>
  <title>Example News</title>
  <item><title>Markets rally</title><link>https://news.example/1</link><category>finance</category></item>
  <item><title>New comet spotted</title><link>https://news.example/2</link><category>science</category></item>
  <item><title>Rates on hold</title><link>https://news.example/3</link><category>finance</category></item>
</channel></rss>"""

root = ET.fromstring(RSS)
channel = root.find("channel")
print("feed:", channel.findtext("title"), "(RSS", root.get("version") + ")")
for n, item in enumerate(channel.iter("item"), 1):
    print(f"{n}. [{item.findtext('category')}] {item.findtext('title')} <{item.findtext('link')}>")
finance = [i.findtext("title") for i in channel.findall("item[category='finance']")]
print("finance:", finance)
