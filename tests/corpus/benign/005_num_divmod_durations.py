# Convert a number of seconds into days, hours, minutes and seconds
def breakdown(total_seconds: int) -> str:
    days, rem = divmod(total_seconds, 86_400)
    hours, rem = divmod(rem, 3_600)
    minutes, seconds = divmod(rem, 60)
    return f"{days}d {hours:02d}:{minutes:02d}:{seconds:02d}"


for s in [59, 3_600, 86_399, 90_061, 1_000_000]:
    print(f"{s:>9,} s = {breakdown(s)}")

# Floor division and modulo with negatives follow the sign of the divisor
for a, b in [(7, 3), (-7, 3), (7, -3), (-7, -3)]:
    print(f"{a:>3} // {b:>2} = {a // b:>3}   {a:>3} % {b:>2} = {a % b:>3}")
