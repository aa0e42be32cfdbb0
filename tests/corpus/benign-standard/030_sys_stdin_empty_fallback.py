# Read input from stdin if any was piped, else use built-in sample data.
import sys

SAMPLE = """3 4
10 20
7 -2
"""

data = sys.stdin.read()
if not data.strip():
    print("no stdin provided, using sample data")
    data = SAMPLE

for line in data.strip().splitlines():
    a, b = map(int, line.split())
    print(f"{a} + {b} = {a + b}; {a} * {b} = {a * b}")
