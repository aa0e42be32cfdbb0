# f-string conversions, the = specifier and nested format specs
x = 3.14159
name = "Ada"
items = [1, 2, 3]
print(f"{x=}")
print(f"{x = :.2f}")
print(f"{name!r} {name!s} {name!a}")
print(f"{items=} {len(items)=}")
for width, precision in [(8, 2), (10, 4), (12, 6)]:
    print(f"[{x:{width}.{precision}f}]")
print(f"{'café'!a}")
print(f"{42:#x} {42:#o} {42:#b} {42:c}")
print(f"{1234567:>+15,}")
