# Parse access log lines with named groups
import re

LOG = re.compile(
    r'(?P<ip>\d{1,3}(?:\.\d{1,3}){3}) - - \[(?P<when>[^\]]+)\] '
    r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3}) (?P<size>\d+|-)'
)
lines = [
    '192.168.1.10 - - [10/Oct/2023:13:55:36 +0000] "GET /index.html HTTP/1.1" 200 2326',
    '10.0.0.5 - - [10/Oct/2023:13:56:01 +0000] "POST /api/login HTTP/1.1" 401 -',
    'garbage line',
    '172.16.0.2 - - [10/Oct/2023:13:57:12 +0000] "GET /images/logo.png HTTP/2.0" 304 0',
]
for line in lines:
    m = LOG.match(line)
    if not m:
        print("no match:", line)
        continue
    d = m.groupdict()
    size = 0 if d["size"] == "-" else int(d["size"])
    print(f"{d['ip']:<13} {d['method']:<5} {d['path']:<18} {d['status']} {size:>5}")
