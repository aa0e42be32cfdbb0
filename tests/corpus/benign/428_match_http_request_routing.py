# A tiny router matching (method, path parts) tuples
def handle(method: str, path: str) -> str:
    match (method, path.strip("/").split("/")):
        case ("GET", [""]):
            return "200 home page"
        case ("GET", ["users"]):
            return "200 list users"
        case ("GET", ["users", user_id]) if user_id.isdigit():
            return f"200 user {int(user_id)}"
        case ("POST", ["users"]):
            return "201 user created"
        case ("DELETE", ["users", user_id]):
            return f"204 user {user_id} deleted"
        case (_, ["users", *_]):
            return "405 method not allowed"
        case _:
            return "404 not found"


for method, path in [("GET", "/"), ("GET", "/users"), ("GET", "/users/42"), ("GET", "/users/abc"),
                     ("POST", "/users"), ("DELETE", "/users/7"), ("PUT", "/users/7"), ("GET", "/nope")]:
    print(f"{method:<6} {path:<12} {handle(method, path)}")
