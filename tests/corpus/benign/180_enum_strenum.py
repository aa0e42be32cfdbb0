# StrEnum (Python 3.11): members are real strings
from enum import StrEnum, auto


class Environment(StrEnum):
    DEV = auto()
    STAGING = auto()
    PROD = auto()


class Header(StrEnum):
    CONTENT_TYPE = "Content-Type"
    ACCEPT = "Accept"


print(list(Environment), Environment.PROD == "prod")
print("deploying to " + Environment.STAGING)
print(f"{Header.CONTENT_TYPE}: application/json")
print(Environment("dev").upper(), isinstance(Environment.DEV, str))
print({Header.ACCEPT: "*/*"})
