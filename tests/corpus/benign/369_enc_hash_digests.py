# Hash a message with several algorithms
import hashlib

message = "The quick brown fox jumps over the lazy dog".encode()
for name in ["md5", "sha1", "sha256", "sha512", "sha3_256", "blake2b"]:
    h = hashlib.new(name, message)
    print(f"{name:<9} {h.digest_size:>2} bytes {h.hexdigest()[:32]}...")
print(hashlib.sha256(b"").hexdigest())
