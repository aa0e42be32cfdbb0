# A @deprecated decorator that warns on each call
import functools
import warnings


def deprecated(reason: str):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            warnings.warn(f"{func.__name__} is deprecated: {reason}", DeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)
        return wrapper
    return decorator


@deprecated("use fetch_v2 instead")
def fetch(url: str) -> str:
    return f"GET {url}"


def main() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        print(fetch("/items"))
        print(fetch("/users"))
    for w in caught:
        print(w.category.__name__, "-", w.message)
    print(fetch.__name__)


if __name__ == "__main__":
    main()
