# Convert byte counts into human readable sizes (binary and decimal units)
def human(n: int, binary: bool = True) -> str:
    step = 1024 if binary else 1000
    units = ["B", "KiB", "MiB", "GiB", "TiB"] if binary else ["B", "kB", "MB", "GB", "TB"]
    size = float(n)
    for unit in units:
        if size < step or unit == units[-1]:
            return f"{size:.1f} {unit}" if unit != "B" else f"{int(size)} {unit}"
        size /= step
    return f"{size:.1f} {units[-1]}"


for n in [512, 2048, 1_500_000, 7_340_032_000, 3 * 1024 ** 4]:
    print(f"{n:>16,} -> {human(n):>10} | {human(n, binary=False):>9}")
