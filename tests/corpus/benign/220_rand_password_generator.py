# Generate reproducible test passwords with a seeded Random instance
import random
import string


def make_password(rng: random.Random, length: int = 12) -> str:
    pools = [string.ascii_lowercase, string.ascii_uppercase, string.digits, "!@#$%^&*"]
    chars = [rng.choice(pool) for pool in pools]
    everything = "".join(pools)
    chars += rng.choices(everything, k=length - len(chars))
    rng.shuffle(chars)
    return "".join(chars)


rng = random.Random(1)
for length in (8, 12, 16):
    pw = make_password(rng, length)
    print(pw, len(pw), any(c.isdigit() for c in pw), any(c.isupper() for c in pw))
