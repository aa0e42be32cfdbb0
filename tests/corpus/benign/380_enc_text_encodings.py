# Encoding text in different codecs and handling errors
text = "naïve café — 日本"
for encoding in ["utf-8", "utf-16-le", "latin-1", "ascii"]:
    try:
        data = text.encode(encoding)
        print(f"{encoding:<10} {len(data):>3} bytes {data[:12]!r}")
    except UnicodeEncodeError as exc:
        print(f"{encoding:<10} error: {exc.reason} at {exc.start}")
print(text.encode("ascii", errors="replace"))
print(text.encode("ascii", errors="xmlcharrefreplace"))
print(text.encode("ascii", errors="backslashreplace"))
print(b"caf\xe9".decode("utf-8", errors="replace"), b"caf\xe9".decode("latin-1"))
print(len(text), len(text.encode()), "é".encode("utf-8"))
