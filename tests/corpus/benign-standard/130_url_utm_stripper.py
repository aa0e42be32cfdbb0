# Remove tracking parameters (utm_*, fbclid) from shared links.
from urllib.parse import parse_qsl, urlencode, urlparse, urlunparse

links = [
    "https://news.example.com/story?id=77&utm_source=twitter&utm_medium=social",
    "https://shop.example.com/item/9?color=red&fbclid=abc123&size=m",
    "https://example.org/plain",
]


def strip_tracking(url):
    p = urlparse(url)
    kept = [(k, v) for k, v in parse_qsl(p.query) if not k.startswith("utm_") and k != "fbclid"]
    return urlunparse((p.scheme, p.netloc, p.path, p.params, urlencode(kept), p.fragment))


for link in links:
    clean = strip_tracking(link)
    removed = len(parse_qsl(urlparse(link).query)) - len(parse_qsl(urlparse(clean).query))
    print(clean, f"(removed {removed})")
