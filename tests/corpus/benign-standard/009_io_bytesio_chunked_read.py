# Read a byte stream in fixed-size chunks and compute a checksum.
import hashlib
import io

payload = bytes(range(256)) * 10
stream = io.BytesIO(payload)
digest = hashlib.sha256()
chunks = 0
while True:
    chunk = stream.read(300)
    if not chunk:
        break
    digest.update(chunk)
    chunks += 1

print("payload bytes:", len(payload))
print("chunks read:", chunks)
print("sha256 matches one-shot:", digest.hexdigest() == hashlib.sha256(payload).hexdigest())
print("sha256 prefix:", digest.hexdigest()[:16])
again = io.BytesIO(payload)
again.seek(300)
print("byte 300:", again.read(1)[0], "remaining:", len(again.read()))
