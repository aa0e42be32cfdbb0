# Pack and unpack a binary file header with struct
import struct

HEADER = struct.Struct("<4sHHIf")
packed = HEADER.pack(b"DATA", 2, 7, 1_048_576, 44.1)
print("size:", HEADER.size, "bytes:", packed.hex(" "))
magic, major, minor, length, rate = HEADER.unpack(packed)
print(magic, major, minor, length, round(rate, 3))
print(struct.pack(">I", 1), struct.pack("<I", 1))
print(struct.unpack(">hh", b"\xff\xfe\x00\x10"))
print(struct.calcsize("i"), struct.calcsize("@bi"), struct.calcsize("=bi"))
for values in struct.iter_unpack("<HB", b"\x01\x00\x02\x03\x00\x04"):
    print(values)
