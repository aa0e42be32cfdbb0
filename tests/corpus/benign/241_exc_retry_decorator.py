# Retry a flaky operation, re-raising the last error after N attempts
import functools


def retry(times: int, exceptions: tuple[type[Exception], ...] = (Exception,)):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            for attempt in range(1, times + 1):
                try:
                    return func(*args, **kwargs)
                except exceptions as exc:
                    print(f"  attempt {attempt} failed: {exc}")
                    if attempt == times:
                        raise
        return wrapper
    return decorator


calls = {"n": 0}


@retry(times=3, exceptions=(ConnectionError,))
def flaky_fetch(fail_until: int) -> str:
    calls["n"] += 1
    if calls["n"] < fail_until:
        raise ConnectionError(f"connection reset (call {calls['n']})")
    return "payload"


print("result:", flaky_fetch(3))
calls["n"] = 0
try:
    flaky_fetch(10)
except ConnectionError as exc:
    print("gave up:", exc)
