# Normalise URLs (lower-case host, drop default port, sort query, strip fragment) and dedupe.
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def normalize(url):
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port and parts.port != DEFAULT_PORTS.get(parts.scheme):
        host += f":{parts.port}"
    path = parts.path or "/"
    query = urlencode(sorted(parse_qsl(parts.query)))
    return urlunsplit((parts.scheme.lower(), host, path, query, ""))


urls = [
    "HTTPS://Example.COM:443/shop?b=2&a=1#top",
    "https://example.com/shop?a=1&b=2",
    "http://example.com:8080",
    "http://EXAMPLE.com:80/",
    "https://example.com/shop?a=1&b=3",
]
seen = {}
for u in urls:
    seen.setdefault(normalize(u), []).append(u)
for norm, originals in seen.items():
    print(f"{norm}  ({len(originals)} variant{'s' if len(originals) > 1 else ''})")
