# Pick path conventions and byte order by platform, as a portable tool would.
import struct
import sys

if sys.platform.startswith("win"):
    newline = "\r\n"
else:
    newline = "\n"
print("running on linux:", sys.platform == "linux")
print("newline:", repr(newline))
print("byte order:", sys.byteorder)

value = 0x12345678
native = value.to_bytes(4, sys.byteorder)
print("native bytes:", native.hex())
print("struct agrees:", struct.pack("=I", value) == native)
print("big endian:", value.to_bytes(4, "big").hex())
