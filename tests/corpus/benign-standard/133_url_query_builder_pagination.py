# Generate next/previous page links for a paginated API response.
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit


def page_links(url, total_items, per_page):
    parts = urlsplit(url)
    params = {k: v[0] for k, v in parse_qs(parts.query).items()}
    page = int(params.get("page", 1))
    last = -(-total_items // per_page)

    def with_page(n):
        q = dict(params, page=n, per_page=per_page)
        return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(q), parts.fragment))

    links = {"first": with_page(1), "last": with_page(last)}
    if page > 1:
        links["prev"] = with_page(page - 1)
    if page < last:
        links["next"] = with_page(page + 1)
    return links


for url in ["https://api.example.com/items?sort=name", "https://api.example.com/items?sort=name&page=5"]:
    print(url)
    for rel, link in sorted(page_links(url, total_items=47, per_page=10).items()):
        print(f"  {rel:<5} {link}")
