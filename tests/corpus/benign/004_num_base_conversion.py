# Convert numbers between bases
n = 2024
print(f"decimal {n} -> bin {bin(n)}, oct {oct(n)}, hex {hex(n)}")
print(f"zero padded: {n:016b} {n:#06x} {n:X}")
for text, base in [("11111101000", 2), ("3750", 8), ("7e8", 16), ("1k8", 36)]:
    print(f"int({text!r}, {base}) = {int(text, base)}")


def to_base(num: int, base: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if num == 0:
        return "0"
    out = []
    while num:
        num, rem = divmod(num, base)
        out.append(digits[rem])
    return "".join(reversed(out))


for b in (3, 5, 7, 36):
    print(f"{n} in base {b}: {to_base(n, b)}")
