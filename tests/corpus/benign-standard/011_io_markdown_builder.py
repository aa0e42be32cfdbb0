# Generate a Markdown table into a StringIO from a list of dicts.
import io

people = [
    {"name": "Ada", "born": 1815, "field": "mathematics"},
    {"name": "Alan", "born": 1912, "field": "computing"},
    {"name": "Grace", "born": 1906, "field": "compilers"},
]


def to_markdown(records):
    cols = list(records[0])
    widths = {c: max(len(c), *(len(str(r[c])) for r in records)) for c in cols}
    out = io.StringIO()
    out.write("| " + " | ".join(c.ljust(widths[c]) for c in cols) + " |\n")
    out.write("|" + "|".join("-" * (widths[c] + 2) for c in cols) + "|\n")
    for r in records:
        out.write("| " + " | ".join(str(r[c]).ljust(widths[c]) for c in cols) + " |\n")
    return out.getvalue()


table = to_markdown(sorted(people, key=lambda p: p["born"]))
print(table, end="")
print("lines:", table.count("\n"))
