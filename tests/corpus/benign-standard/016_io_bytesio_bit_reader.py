# Decode run-length encoded data stored in a BytesIO.
import io


def rle_encode(data: bytes) -> bytes:
    out = io.BytesIO()
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j] == data[i] and j - i < 255:
            j += 1
        out.write(bytes([j - i, data[i]]))
        i = j
    return out.getvalue()


def rle_decode(blob: bytes) -> bytes:
    src = io.BytesIO(blob)
    out = io.BytesIO()
    while pair := src.read(2):
        count, value = pair
        out.write(bytes([value]) * count)
    return out.getvalue()


original = b"AAAAABBBCCCCCCCCCCDAAAA" + b"\x00" * 300
encoded = rle_encode(original)
print("original:", len(original), "encoded:", len(encoded))
print("encoded head:", encoded[:8].hex(" "))
print("round trip ok:", rle_decode(encoded) == original)
