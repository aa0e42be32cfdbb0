# Parse query strings into dicts, handling repeated keys and blanks.
from urllib.parse import parse_qs, parse_qsl, urlparse

url = "https://search.example.com/find?q=python+asyncio&tag=web&tag=async&page=2&empty="
query = urlparse(url).query
print("raw query:", query)
print("parse_qs:", parse_qs(query))
print("with blanks:", parse_qs(query, keep_blank_values=True))
print("ordered pairs:", parse_qsl(query))

params = parse_qs(query)
page = int(params.get("page", ["1"])[0])
tags = params.get("tag", [])
print(f"search {params['q'][0]!r} page {page} tags {tags}")
