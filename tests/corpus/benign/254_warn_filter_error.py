# Turning warnings into errors with simplefilter("error")
import warnings


def old_api() -> str:
    warnings.warn("old_api() will be removed in 2.0", DeprecationWarning)
    return "ok"


with warnings.catch_warnings():
    warnings.simplefilter("error", DeprecationWarning)
    try:
        old_api()
    except DeprecationWarning as exc:
        print("raised as exception:", exc)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print("ignored:", old_api())
