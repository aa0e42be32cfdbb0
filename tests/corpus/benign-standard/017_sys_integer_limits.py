# Show the platform's integer limits and check for overflow-safe arithmetic.
import sys

print("maxsize:", sys.maxsize)
print("maxsize is 2**63 - 1:", sys.maxsize == 2**63 - 1)
print("bits per digit:", sys.int_info.bits_per_digit)
big = sys.maxsize * sys.maxsize
print("maxsize squared has", len(str(big)), "digits")
print("Python ints do not overflow:", big // sys.maxsize == sys.maxsize)


def clamp_index(i: int, length: int) -> int:
    return max(0, min(i, length - 1))


print("clamped:", clamp_index(sys.maxsize, 10), clamp_index(-sys.maxsize - 1, 10))
