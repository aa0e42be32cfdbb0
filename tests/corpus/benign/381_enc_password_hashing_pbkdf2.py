# Derive a password hash with PBKDF2 (fixed salt for a reproducible example)
import hashlib
import hmac

salt = bytes.fromhex("a1b2c3d4e5f60718293a4b5c6d7e8f90")
iterations = 10_000


def hash_password(password: str) -> str:
    dk = hashlib.pbkdf2_hmac("sha256", password.encode(), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${dk.hex()}"


stored = hash_password("correct horse battery staple")
print(stored)


def check(password: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_password(password), stored_hash)


print(check("correct horse battery staple", stored), check("Tr0ub4dor&3", stored))
