# Make sure tricky values survive a CSV write/read round trip
import csv

values = [["plain", "with,comma", 'with "quotes"', "with\nnewline", "  spaces  ", ""]]


class Buffer:
    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, s: str) -> None:
        self.parts.append(s)


buf = Buffer()
csv.writer(buf, quoting=csv.QUOTE_MINIMAL).writerows(values)
text = "".join(buf.parts)
print(repr(text))
back = list(csv.reader(text.splitlines(keepends=True)))
print(back)
print("round trip ok:", back == values)
