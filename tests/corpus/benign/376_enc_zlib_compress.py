# Compress and decompress text with zlib
import zlib

text = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 40).encode()
compressed = zlib.compress(text, level=9)
print("original:", len(text), "bytes")
print("compressed:", len(compressed), "bytes", f"({len(compressed) / len(text):.1%})")
restored = zlib.decompress(compressed)
print("round trip ok:", restored == text)
print("crc32:", zlib.crc32(text), "adler32:", zlib.adler32(text))
random_like = bytes((i * 7919 + 13) % 251 for i in range(2000))
print("incompressible-ish:", len(random_like), "->", len(zlib.compress(random_like)))
