# Handling API responses of different shapes
responses = [
    {"status": "ok", "data": {"items": [1, 2, 3], "next": None}},
    {"status": "ok", "data": {"items": [], "next": "cursor-2"}},
    {"status": "error", "error": {"code": 429, "retry_after": 30}},
    {"status": "error", "error": {"code": 500, "message": "internal"}},
    {"status": "weird"},
]
for resp in responses:
    match resp:
        case {"status": "ok", "data": {"items": [], "next": str(cursor)}}:
            print(f"empty page, continue from {cursor}")
        case {"status": "ok", "data": {"items": [first, *rest], "next": None}}:
            print(f"last page: first item {first}, {len(rest)} more")
        case {"status": "error", "error": {"code": 429, "retry_after": int(seconds)}}:
            print(f"rate limited, retry in {seconds}s")
        case {"status": "error", "error": {"code": code, **details}}:
            print(f"error {code}: {details}")
        case {"status": status}:
            print(f"unknown status {status!r}")
