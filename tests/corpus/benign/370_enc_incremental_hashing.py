# Hash data incrementally in chunks and compare with a one-shot hash
import hashlib

data = b"".join(f"line {i}\n".encode() for i in range(1000))
h = hashlib.sha256()
for start in range(0, len(data), 4096):
    h.update(data[start:start + 4096])
print("chunked: ", h.hexdigest())
print("one-shot:", hashlib.sha256(data).hexdigest())
print("equal:", h.hexdigest() == hashlib.sha256(data).hexdigest())
copy = h.copy()
copy.update(b"extra")
print("after extra:", copy.hexdigest()[:16], "original unchanged:", h.hexdigest()[:16])
