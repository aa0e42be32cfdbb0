# Emitting a warning: it goes to stderr, the program keeps running
import warnings


def legacy_sum(values: list[int]) -> int:
    warnings.warn("legacy_sum is deprecated, use sum()", DeprecationWarning, stacklevel=2)
    return sum(values)


print("result:", legacy_sum([1, 2, 3]))
warnings.warn("disk space is getting low")
print("still running after the warnings")
