# Percent-encode path segments and decode them back.
from urllib.parse import quote, quote_plus, unquote, unquote_plus

segments = ["reports 2024", "Q1/Q2", "café", "50%", "a+b=c"]
for seg in segments:
    q = quote(seg, safe="")
    print(f"{seg!r:<16} quote={q:<18} plus={quote_plus(seg):<18} back_ok={unquote(q) == seg}")

encoded = "hello%20world%21%20%E2%9C%93"
print("decoded:", unquote(encoded))
print("form decode:", unquote_plus("name=John+Smith%26Co"))
print("keep slashes:", quote("/docs/user guide/index.html"))
