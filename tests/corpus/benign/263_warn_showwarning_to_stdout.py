# Redirecting warning display to a custom handler that prints to stdout
import warnings

seen: list[str] = []


def show(message, category, filename, lineno, file=None, line=None) -> None:
    seen.append(category.__name__)
    print(f"[warning] {category.__name__}: {message}")


with warnings.catch_warnings():
    warnings.simplefilter("always")
    warnings.showwarning = show
    warnings.warn("cache is cold")
    warnings.warn("API v1 is going away", FutureWarning)
    warnings.warn("low memory", ResourceWarning)
print("handled:", seen)
