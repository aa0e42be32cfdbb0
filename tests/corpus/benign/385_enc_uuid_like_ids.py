# Deterministic ids from hashes (short content-addressed ids)
import base64
import hashlib

names = ["invoice-2024-001", "invoice-2024-002", "customer/ada", "customer/alan"]
for name in names:
    digest = hashlib.sha1(name.encode()).digest()
    short = base64.b32encode(digest[:5]).decode().lower()
    hexid = digest.hex()
    formatted = f"{hexid[:8]}-{hexid[8:12]}-{hexid[12:16]}-{hexid[16:20]}-{hexid[20:32]}"
    print(f"{name:<18} {short} {formatted}")
