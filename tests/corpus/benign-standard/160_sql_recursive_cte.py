# Walk an org chart with a recursive common table expression.
import sqlite3

db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER)")
db.executemany("INSERT INTO staff VALUES (?, ?, ?)", [
    (1, "CEO", None), (2, "CTO", 1), (3, "CFO", 1), (4, "Dev lead", 2),
    (5, "Dev", 4), (6, "Dev", 4), (7, "Accountant", 3),
])
sql = """
WITH RECURSIVE chain(id, name, depth, path) AS (
    SELECT id, name, 0, name FROM staff WHERE manager_id IS NULL
    UNION ALL
    SELECT s.id, s.name, c.depth + 1, c.path || ' > ' || s.name
    FROM staff s JOIN chain c ON s.manager_id = c.id
)
SELECT id, name, depth, path FROM chain ORDER BY path, id
"""
for sid, name, depth, path in db.execute(sql):
    print("  " * depth + f"{name} (#{sid})")
print("max depth:", db.execute("SELECT MAX(depth) FROM (" + sql + ")").fetchone()[0])
