# Decode a UTF-8 byte stream line by line with TextIOWrapper over BytesIO.
import io

raw = "café,3.50\nnaïve,2.25\nSmörgåsbord,12.00\n".encode("utf-8")
print("raw byte length:", len(raw))

stream = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8", newline="")
total = 0.0
for line in stream:
    name, price = line.rstrip("\n").split(",")
    total += float(price)
    print(f"{name:<12} chars={len(name):>2} bytes={len(name.encode('utf-8')):>2} price={price}")
print(f"total: {total:.2f}")
