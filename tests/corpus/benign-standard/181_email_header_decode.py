# Decode RFC 2047 encoded subjects like =?utf-8?b?...?=.
from email.header import decode_header, make_header

subjects = [
    "=?utf-8?b?Q2Fmw6kgb3BlbmluZyB0b25pZ2h0?=",
    "=?iso-8859-1?q?R=E9union_demain?=",
    "Plain ASCII subject",
    "=?utf-8?q?Price_=E2=82=AC10?= and more",
]
for s in subjects:
    decoded = str(make_header(decode_header(s)))
    print(f"{s!r}\n    -> {decoded!r}")
