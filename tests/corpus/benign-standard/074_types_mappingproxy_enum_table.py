# Provide an immutable HTTP status table and look codes up safely.
from types import MappingProxyType

STATUS = MappingProxyType({
    200: "OK", 201: "Created", 301: "Moved Permanently", 400: "Bad Request",
    404: "Not Found", 500: "Internal Server Error",
})


def describe(code):
    family = {2: "success", 3: "redirect", 4: "client error", 5: "server error"}.get(code // 100, "unknown")
    return f"{code} {STATUS.get(code, 'Unknown')} ({family})"


for code in (200, 404, 418, 301, 503):
    print(describe(code))
print("number of known codes:", len(STATUS))
try:
    STATUS[999] = "Custom"
except TypeError:
    print("is read-only: True")
merged = STATUS | {418: "I'm a teapot"}
print("merged type:", type(merged).__name__, "size:", len(merged))
