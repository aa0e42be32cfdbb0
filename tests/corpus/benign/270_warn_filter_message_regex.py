# filterwarnings with a message regex and append=True
import warnings


def emit() -> None:
    warnings.warn("column 'age' has 3 missing values")
    warnings.warn("column 'name' has 1 missing values")
    warnings.warn("row 17 is a duplicate")
    warnings.warn("row 42 is a duplicate")


with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message=r"row \d+ is a duplicate")
    emit()
print([str(w.message) for w in rec])
with warnings.catch_warnings(record=True) as rec:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message="column", append=True)
    emit()
print(len(rec), "recorded: a later-appended filter does not override 'always'")
