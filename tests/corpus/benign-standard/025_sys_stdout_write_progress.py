# Write a text progress bar with sys.stdout.write (one line per step).
import sys


def progress(done: int, total: int, width: int = 20) -> str:
    filled = done * width // total
    return f"[{'#' * filled}{'.' * (width - filled)}] {done * 100 // total:3d}%"


total = 8
for step in range(0, total + 1, 2):
    sys.stdout.write(progress(step, total) + "\n")
written = sys.stdout.write("done\n")
sys.stdout.flush()
print("last write returned", written, "characters")
