# Using the stdlib-style pattern for HTTP status codes with extra attributes
from enum import IntEnum


class Status(IntEnum):
    def __new__(cls, code: int, phrase: str) -> "Status":
        obj = int.__new__(cls, code)
        obj._value_ = code
        obj.phrase = phrase
        return obj

    OK = (200, "OK")
    CREATED = (201, "Created")
    NOT_FOUND = (404, "Not Found")
    SERVER_ERROR = (500, "Internal Server Error")


for code in [200, 404, 500, 201]:
    s = Status(code)
    kind = "success" if 200 <= s < 300 else "client error" if s < 500 else "server error"
    print(f"{int(s)} {s.phrase:<22} {s.name:<13} {kind}")
