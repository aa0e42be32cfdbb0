# Encoding bytes with base64, urlsafe base64, base32 and base16
import base64

raw = b"\xfb\xff\xfe hello \x00 world?"
print(base64.b64encode(raw))
print(base64.urlsafe_b64encode(raw))
print(base64.b32encode(raw))
print(base64.b16encode(raw))
print(base64.b85encode(b"hello"))
token = base64.urlsafe_b64encode(b"user:42").rstrip(b"=").decode()
print("token without padding:", token)
padded = token + "=" * (-len(token) % 4)
print("decoded:", base64.urlsafe_b64decode(padded))
print(base64.b64decode("SGVsbG8sIFdvcmxkIQ==").decode())
