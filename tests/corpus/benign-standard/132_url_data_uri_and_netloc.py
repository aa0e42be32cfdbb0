# Inspect the network location part of URLs: credentials, IPv6 hosts and ports.
from urllib.parse import urlsplit

urls = [
    "https://admin:s3cret@db.internal:5432/main",
    "http://[2001:db8::1]:8080/status",
    "https://example.com",
    "http://user@host.example",
]
for url in urls:
    s = urlsplit(url)
    masked = s.netloc.replace(s.password, "***") if s.password else s.netloc
    print(f"netloc={masked:<28} host={s.hostname:<16} port={s.port} user={s.username}")
try:
    urlsplit("http://example.com:99999").port
except ValueError as exc:
    print("bad port:", exc)
