# Build and parse an HTTP Basic Authorization header
import base64

user, password = "aladdin", "open sesame"
header = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
print(header)
scheme, _, encoded = header.partition(" ")
decoded_user, _, decoded_pw = base64.b64decode(encoded).decode().partition(":")
print(scheme, decoded_user, decoded_pw)
try:
    base64.b64decode("not base64!!", validate=True)
except ValueError as exc:
    print("invalid:", type(exc).__name__, exc)
