# Load sales into an in-memory SQLite table and aggregate by region.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE sales (id INTEGER PRIMARY KEY, region TEXT, product TEXT, amount REAL)")
rows = [
    ("north", "widget", 120.0), ("south", "widget", 80.5), ("north", "gadget", 200.0),
    ("east", "widget", 55.25), ("south", "gadget", 150.0), ("north", "widget", 99.99),
]
conn.executemany("INSERT INTO sales (region, product, amount) VALUES (?, ?, ?)", rows)

query = """
SELECT region, COUNT(*) AS n, SUM(amount) AS total, AVG(amount) AS avg
FROM sales GROUP BY region ORDER BY total DESC
"""
for region, n, total, avg in conn.execute(query):
    print(f"{region:<6} n={n} total={total:8.2f} avg={avg:7.2f}")
best = conn.execute("SELECT product, SUM(amount) FROM sales GROUP BY product ORDER BY 2 DESC LIMIT 1").fetchone()
print("best product:", best[0], round(best[1], 2))
conn.close()
