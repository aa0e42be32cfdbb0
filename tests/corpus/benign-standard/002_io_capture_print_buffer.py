# Build a report in memory with print(file=buf), then emit it in one go.
import io


def render_table(rows, out):
    width = max(len(name) for name, _ in rows)
    print("Inventory".center(width + 10, "="), file=out)
    for name, qty in rows:
        print(f"{name:<{width}} | {qty:>5}", file=out)
    print("-" * (width + 10), file=out)
    print(f"{'total':<{width}} | {sum(q for _, q in rows):>5}", file=out)


buf = io.StringIO()
render_table([("apples", 12), ("pears", 7), ("kiwis", 30)], buf)
report = buf.getvalue()
print(report, end="")
print("report has", len(report.splitlines()), "lines and", len(report), "characters")
