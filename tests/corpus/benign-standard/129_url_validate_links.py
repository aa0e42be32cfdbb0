# Validate user-entered website addresses: scheme, host and TLD checks.
from urllib.parse import urlparse

candidates = [
    "https://example.com",
    "http://sub.domain.org/path",
    "example.com",
    "ftp://files.example.com",
    "https://",
    "https://localhost:3000",
    "javascript:alert(1)",
    "https://bad_host.com",
]


def check(url):
    p = urlparse(url)
    if p.scheme not in ("http", "https"):
        return "bad scheme" if p.scheme else "missing scheme"
    if not p.hostname:
        return "missing host"
    if p.hostname != "localhost" and "." not in p.hostname:
        return "host has no TLD"
    if any(c not in "abcdefghijklmnopqrstuvwxyz0123456789.-" for c in p.hostname):
        return "invalid characters in host"
    return "ok"


for c in candidates:
    print(f"{c:<28} {check(c)}")
