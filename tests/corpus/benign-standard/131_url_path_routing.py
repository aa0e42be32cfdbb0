# Match request paths to route patterns like /users/<id>/posts.
from urllib.parse import unquote, urlsplit

ROUTES = [
    ("GET", "/users", "list_users"),
    ("GET", "/users/<id>", "get_user"),
    ("GET", "/users/<id>/posts/<post>", "get_post"),
    ("POST", "/users", "create_user"),
]


def route(method, url):
    path = [unquote(seg) for seg in urlsplit(url).path.strip("/").split("/")]
    for m, pattern, name in ROUTES:
        parts = pattern.strip("/").split("/")
        if m != method or len(parts) != len(path):
            continue
        params = {}
        for pat, seg in zip(parts, path):
            if pat.startswith("<"):
                params[pat[1:-1]] = seg
            elif pat != seg:
                break
        else:
            return name, params
    return "not_found", {}


for method, url in [("GET", "/users"), ("GET", "/users/42?full=1"), ("GET", "/users/j%20doe/posts/7"),
                    ("POST", "/users"), ("DELETE", "/users/1"), ("GET", "/teams")]:
    print(method, url, "->", route(method, url))
