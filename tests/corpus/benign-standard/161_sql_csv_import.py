# Import CSV text into SQLite and answer questions with SQL.
import csv
import io
import sqlite3

CSV = """date,city,temp_c,rain_mm
2024-06-01,Oslo,18.5,0.0
2024-06-01,Bergen,14.2,12.5
2024-06-02,Oslo,21.0,0.0
2024-06-02,Bergen,13.8,20.1
2024-06-03,Oslo,16.4,3.2
2024-06-03,Bergen,15.0,8.0
"""

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE weather (date TEXT, city TEXT, temp_c REAL, rain_mm REAL)")
reader = csv.reader(io.StringIO(CSV))
next(reader)
conn.executemany("INSERT INTO weather VALUES (?, ?, ?, ?)", reader)
print("rows:", conn.execute("SELECT COUNT(*) FROM weather").fetchone()[0])
for city, t, rain, wet in conn.execute("""
    SELECT city, ROUND(AVG(temp_c), 2), ROUND(SUM(rain_mm), 1), SUM(rain_mm > 5)
    FROM weather GROUP BY city ORDER BY city"""):
    print(f"{city}: mean temp {t} C, total rain {rain} mm, wet days {wet}")
