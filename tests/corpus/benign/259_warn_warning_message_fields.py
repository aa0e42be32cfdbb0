# Inspecting the fields of a recorded warning
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("first", FutureWarning)
    warnings.warn(SyntaxWarning("second, as an instance"))
    warnings.warn_explicit("third, explicit", UserWarning, "config.py", 12)
for w in caught:
    print(type(w.message).__name__, "|", w.message, "|", w.category.__name__, "|", w.lineno)
print([w.filename for w in caught][2])
