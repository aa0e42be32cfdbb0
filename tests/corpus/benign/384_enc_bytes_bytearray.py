# Working with bytes and bytearray
data = bytearray(b"hello world")
data[0] = ord("H")
data.extend(b"!!")
data[6:11] = b"there"
print(data, len(data))
print(bytes(data).upper(), data.find(b"there"), data.count(b"!"))
print(list(b"ABC"), bytes([72, 105]), bytes(4))
print(b"a,b,,c".split(b","), b"  pad  ".strip(), b"x" * 3)
print(int.from_bytes(b"\x01\x00", "little"), (258).to_bytes(2, "big"))
print(bytes.fromhex("00ff10").hex(), data.decode().title())
xor = bytes(a ^ b for a, b in zip(b"secret", b"keykey"))
print(xor.hex(), bytes(a ^ b for a, b in zip(xor, b"keykey")))
