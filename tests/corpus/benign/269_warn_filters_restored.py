# catch_warnings restores the previous filters when the block ends
import warnings


def risky() -> str:
    warnings.warn("risky() called", UserWarning)
    return "done"


with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        risky()
    except UserWarning as exc:
        print("inside the block it is an error:", exc)
print("outside the block it is only a warning:", risky())
with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always")
    risky()
print("recorded:", [str(w.message) for w in rec])
