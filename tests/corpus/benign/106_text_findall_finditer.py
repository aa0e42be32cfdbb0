# findall vs finditer: extracting prices and their positions
import re

text = "Coffee $3.50, bagel $2.25, sandwich $8.99 and a $12 salad. Tax 8%."
prices = re.findall(r"\$(\d+(?:\.\d{2})?)", text)
print(prices, "total:", sum(float(p) for p in prices))
for m in re.finditer(r"\$(?P<amount>\d+(?:\.\d{2})?)", text):
    print(f"{m.group('amount'):>6} at {m.start()}-{m.end()} -> {m.group(0)!r}")
pairs = re.findall(r"(\w+) \$(\d+(?:\.\d+)?)", text)
print(dict(pairs))
print(re.search(r"(\d+)%", text).group(1), re.match(r"Coffee", text) is not None, re.match(r"bagel", text))
