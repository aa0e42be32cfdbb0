# Render a list of records as a Markdown table with aligned columns
rows = [
    {"name": "requests", "version": "2.31.0", "downloads": 512_345_678},
    {"name": "numpy", "version": "1.26.4", "downloads": 301_222_111},
    {"name": "rich", "version": "13.7.1", "downloads": 45_000_120},
]
headers = list(rows[0])
cells = [[f"{r[h]:,}" if isinstance(r[h], int) else str(r[h]) for h in headers] for r in rows]
widths = [max(len(h), *(len(c[i]) for c in cells)) for i, h in enumerate(headers)]
print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths)) + " |")
print("|" + "|".join("-" * (w + 1) + ":" if i == 2 else "-" * (w + 2) for i, w in enumerate(widths)) + "|")
for c in cells:
    print("| " + " | ".join(v.rjust(w) if i == 2 else v.ljust(w) for i, (v, w) in enumerate(zip(c, widths))) + " |")
