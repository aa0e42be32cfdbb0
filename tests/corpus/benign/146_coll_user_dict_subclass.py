# A case-insensitive dictionary built on collections.UserDict
from collections import UserDict


class CaseInsensitiveDict(UserDict):
    def __setitem__(self, key: str, value: object) -> None:
        super().__setitem__(key.lower(), value)

    def __getitem__(self, key: str) -> object:
        return super().__getitem__(key.lower())

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and key.lower() in self.data


headers = CaseInsensitiveDict()
headers["Content-Type"] = "application/json"
headers["X-Request-ID"] = "abc123"
print(headers["content-type"], headers["x-request-id"])
print("CONTENT-TYPE" in headers, "accept" in headers)
print(dict(headers))
headers.update({"ACCEPT": "*/*"})
print(sorted(headers))
