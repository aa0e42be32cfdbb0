# Streaming compression with compressobj/decompressobj
import zlib

chunks = [f"record {i}: status=ok value={i * i}\n".encode() for i in range(200)]
comp = zlib.compressobj(level=6)
compressed = b"".join(comp.compress(c) for c in chunks) + comp.flush()
decomp = zlib.decompressobj()
out = b""
for i in range(0, len(compressed), 64):
    out += decomp.decompress(compressed[i:i + 64])
out += decomp.flush()
print(len(b"".join(chunks)), "->", len(compressed))
print(out == b"".join(chunks), out.splitlines()[-1].decode())
