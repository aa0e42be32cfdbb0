# Write CSV rows with csv.writer into an object with a write() method (io is not needed)
import csv


class LineCollector:
    """Minimal file-like object: csv.writer only needs .write()."""

    def __init__(self) -> None:
        self.chunks: list[str] = []

    def write(self, s: str) -> int:
        self.chunks.append(s)
        return len(s)

    def getvalue(self) -> str:
        return "".join(self.chunks)


out = LineCollector()
writer = csv.writer(out, lineterminator="\n")
writer.writerow(["id", "name", "comment"])
writer.writerows([[1, "Ann", "likes, commas"], [2, "Bo", 'said "hi"'], [3, "Cy", "multi\nline"]])
print(out.getvalue(), end="")
print("rows written:", out.getvalue().count("\n") - 1)
