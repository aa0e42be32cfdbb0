# Store mixed value types in SQLite and check the types it returns.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE things (label TEXT, value)")
samples = [("int", 42), ("float", 3.25), ("text", "héllo"), ("blob", b"\x00\x01\xff"), ("null", None), ("bool", True)]
conn.executemany("INSERT INTO things VALUES (?, ?)", samples)
for label, value, stored in conn.execute("SELECT label, value, typeof(value) FROM things"):
    print(f"{label:<6} -> {value!r:<14} python={type(value).__name__:<8} sqlite={stored}")
print("sum of numerics:", conn.execute("SELECT SUM(value) FROM things WHERE typeof(value) IN ('integer', 'real')").fetchone()[0])
