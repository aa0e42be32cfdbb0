# The built-in warning categories and how they relate
import warnings

categories = [UserWarning, DeprecationWarning, PendingDeprecationWarning, SyntaxWarning, RuntimeWarning,
              FutureWarning, ImportWarning, UnicodeWarning, BytesWarning, ResourceWarning, EncodingWarning]
for cat in categories:
    print(f"{cat.__name__:<26} Warning subclass: {issubclass(cat, Warning)}  Exception subclass: {issubclass(cat, Exception)}")
with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always")
    for cat in categories[:5]:
        warnings.warn(f"a {cat.__name__}", cat)
print([w.category.__name__ for w in rec])
