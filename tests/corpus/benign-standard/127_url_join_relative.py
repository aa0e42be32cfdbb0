# Resolve relative links found on a page against the page URL with urljoin.
from urllib.parse import urljoin, urlparse

page = "https://blog.example.com/posts/2024/03/hello-world.html"
links = [
    "next.html",
    "../02/older.html",
    "/about",
    "//cdn.example.net/img/logo.png",
    "https://other.example.org/x",
    "#comments",
    "?page=2",
]
internal = 0
for link in links:
    absolute = urljoin(page, link)
    same_site = urlparse(absolute).netloc == urlparse(page).netloc
    internal += same_site
    print(f"{link:<32} -> {absolute}  {'internal' if same_site else 'external'}")
print(f"{internal} of {len(links)} links are internal")
