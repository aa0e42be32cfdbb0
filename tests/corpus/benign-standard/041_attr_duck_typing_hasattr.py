# Duck typing: treat anything with a read() method as a file-like source.
import io


class Sensor:
    def __init__(self, readings):
        self.readings = readings

    def read(self):
        return ",".join(str(r) for r in self.readings)


def load(source):
    if hasattr(source, "read"):
        text = source.read()
    elif hasattr(source, "split"):
        text = source
    else:
        text = ",".join(map(str, source))
    return [float(x) for x in text.split(",") if x.strip()]


for src in [Sensor([1, 2, 3]), io.StringIO("4.5,5.5"), "7,8,9", (10, 11)]:
    values = load(src)
    print(f"{type(src).__name__:<9} -> {values} mean={sum(values) / len(values):.2f}")
