# Break URLs into their components with urllib.parse.urlparse.
from urllib.parse import urlparse

urls = [
    "https://user:pw@shop.example.com:8443/cart/items?id=42&sort=price#reviews",
    "http://localhost/api/v1/",
    "ftp://files.example.org/pub/readme.txt",
    "mailto:someone@example.com",
    "/relative/path?x=1",
]
for url in urls:
    p = urlparse(url)
    print(f"{url}")
    print(f"   scheme={p.scheme!r} host={p.hostname!r} port={p.port} path={p.path!r}")
    print(f"   query={p.query!r} fragment={p.fragment!r} user={p.username!r}")
