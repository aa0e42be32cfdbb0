# lru_cache with typed=True distinguishes 3 from 3.0
from functools import lru_cache


@lru_cache(maxsize=32, typed=True)
def describe(x) -> str:
    print(f"  computing for {x!r}")
    return f"{type(x).__name__}:{x}"


print(describe(3))
print(describe(3.0))
print(describe(3))
print(describe.cache_info())
print(describe.cache_parameters())
