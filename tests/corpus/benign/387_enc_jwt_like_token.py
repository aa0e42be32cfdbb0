# Build and verify a JWT-style HS256 token with only the standard library
import base64
import hashlib
import hmac
import json


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign(payload: dict, key: bytes) -> str:
    header = {"alg": "HS256", "typ": "JWT"}
    parts = [b64url(json.dumps(p, separators=(",", ":")).encode()) for p in (header, payload)]
    signing_input = ".".join(parts).encode()
    return ".".join(parts + [b64url(hmac.new(key, signing_input, hashlib.sha256).digest())])


def verify(token: str, key: bytes) -> dict | None:
    head, body, sig = token.split(".")
    expected = b64url(hmac.new(key, f"{head}.{body}".encode(), hashlib.sha256).digest())
    if not hmac.compare_digest(sig, expected):
        return None
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def main() -> None:
    key = b"super-secret"
    token = sign({"sub": "1234567890", "name": "John Doe", "iat": 1516239022}, key)
    print(token)
    print(verify(token, key))
    print(verify(token, b"wrong-key"))


if __name__ == "__main__":
    main()
