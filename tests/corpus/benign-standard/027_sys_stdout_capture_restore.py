# Capture the output of a chatty function by swapping sys.stdout temporarily.
import io
import sys


def noisy_solver(n):
    print("starting solver")
    total = 0
    for i in range(1, n + 1):
        total += i * i
        print(f"step {i}: {total}")
    print("solver finished")
    return total


saved = sys.stdout
sys.stdout = captured = io.StringIO()
try:
    result = noisy_solver(5)
finally:
    sys.stdout = saved

lines = captured.getvalue().splitlines()
print("result:", result)
print("captured", len(lines), "lines")
print("first:", lines[0], "| last:", lines[-1])
