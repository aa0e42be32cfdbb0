# BLAKE2 with key, salt and personalization; and shake variable-length output
import hashlib

h = hashlib.blake2b(b"message", digest_size=16, key=b"secret-key", person=b"my-app-v1")
print(h.hexdigest())
print(hashlib.blake2s(b"message", digest_size=8).hexdigest())
print(hashlib.shake_128(b"message").hexdigest(10))
print(hashlib.shake_256(b"message").hexdigest(20))
print(sorted(hashlib.algorithms_guaranteed))
