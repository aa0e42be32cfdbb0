# Sign and verify a webhook payload with HMAC-SHA256
import hashlib
import hmac
import json

secret = b"whsec_test_key_123"
payload = json.dumps({"event": "order.paid", "order_id": 4211, "amount": 5999}, sort_keys=True).encode()
signature = hmac.new(secret, payload, hashlib.sha256).hexdigest()
print("payload:", payload.decode())
print("signature:", signature)


def verify(body: bytes, received_sig: str) -> bool:
    expected = hmac.new(secret, body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, received_sig)


print("valid:", verify(payload, signature))
print("tampered:", verify(payload.replace(b"5999", b"1"), signature))
print("digest helper:", hmac.digest(secret, b"ping", "sha1").hex())
