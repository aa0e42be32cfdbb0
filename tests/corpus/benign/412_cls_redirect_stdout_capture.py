# Capturing printed output with contextlib.redirect_stdout into a custom writer
from contextlib import redirect_stdout


class Capture:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, s: str) -> int:
        self.parts.append(s)
        return len(s)

    def flush(self) -> None:
        pass


def noisy_report() -> int:
    print("step 1 done")
    print("step 2 done")
    return 42


buf = Capture()
with redirect_stdout(buf):
    result = noisy_report()
captured = "".join(buf.parts)
print("result:", result)
print("captured lines:", captured.splitlines())
