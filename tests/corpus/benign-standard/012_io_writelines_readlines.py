# Use writelines/readlines on an in-memory text buffer to dedupe lines.
import io

buf = io.StringIO()
entries = ["banana\n", "apple\n", "banana\n", "cherry\n", "apple\n", "date\n"]
buf.writelines(entries)
buf.seek(0)
lines = buf.readlines()
print("read", len(lines), "lines")

seen = set()
unique = []
for line in lines:
    if line not in seen:
        seen.add(line)
        unique.append(line)

out = io.StringIO()
out.writelines(unique)
print("unique, in first-seen order:")
print(out.getvalue(), end="")
print("removed:", len(lines) - len(unique))
