# Register Python functions in SQLite and use them in queries.
import math
import sqlite3

conn = sqlite3.connect(":memory:")
conn.create_function("haversine", 4, lambda la1, lo1, la2, lo2: 6371 * 2 * math.asin(math.sqrt(
    math.sin(math.radians(la2 - la1) / 2) ** 2
    + math.cos(math.radians(la1)) * math.cos(math.radians(la2)) * math.sin(math.radians(lo2 - lo1) / 2) ** 2)))
conn.create_function("initials", 1, lambda s: "".join(w[0] for w in s.split()).upper())

conn.execute("CREATE TABLE cities (name TEXT, lat REAL, lon REAL)")
conn.executemany("INSERT INTO cities VALUES (?, ?, ?)", [
    ("New York", 40.7128, -74.0060), ("Los Angeles", 34.0522, -118.2437),
    ("San Francisco", 37.7749, -122.4194), ("Chicago", 41.8781, -87.6298),
])
for name, abbr, km in conn.execute("""
    SELECT name, initials(name), haversine(40.7128, -74.0060, lat, lon) AS d
    FROM cities ORDER BY d"""):
    print(f"{abbr:<3} {name:<14} {km:8.1f} km from NYC")
