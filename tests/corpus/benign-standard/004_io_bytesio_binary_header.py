# Pack a small binary record format into a BytesIO and parse it again.
import io
import struct

records = [(1, 20.5, b"temp"), (2, 55.0, b"humi"), (3, 1013.2, b"pres")]

buf = io.BytesIO()
buf.write(b"REC1")
buf.write(struct.pack("<H", len(records)))
for rid, value, tag in records:
    buf.write(struct.pack("<Id4s", rid, value, tag))

data = buf.getvalue()
print("total bytes:", len(data))
print("header:", data[:4])

reader = io.BytesIO(data)
magic = reader.read(4)
(count,) = struct.unpack("<H", reader.read(2))
print("magic ok:", magic == b"REC1", "count:", count)
size = struct.calcsize("<Id4s")
for _ in range(count):
    rid, value, tag = struct.unpack("<Id4s", reader.read(size))
    print(f"  #{rid} {tag.decode()} = {value}")
print("at end:", reader.read() == b"")
