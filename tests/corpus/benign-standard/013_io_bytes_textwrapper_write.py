# Write text through a TextIOWrapper into a BytesIO and inspect the bytes.
import io

raw = io.BytesIO()
text = io.TextIOWrapper(raw, encoding="utf-8", newline="\n", write_through=True)
text.write("line one\n")
text.write("ligne deux: été\n")
text.write("третья строка\n")
data = raw.getvalue()
print("bytes written:", len(data))
print("first line bytes:", data.split(b"\n")[0])
print("decoded lines:", data.decode("utf-8").splitlines())
print("non-ascii bytes:", sum(1 for b in data if b > 127))
text.detach()
print("raw buffer still open:", not raw.closed)
