# Use sqlite3.Row as row_factory to access columns by name.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.row_factory = sqlite3.Row
conn.executescript("""
CREATE TABLE employees (name TEXT, dept TEXT, salary INTEGER, hired TEXT);
INSERT INTO employees VALUES ('Ana', 'eng', 5200, '2019-04-01');
INSERT INTO employees VALUES ('Ben', 'ops', 4100, '2021-09-15');
INSERT INTO employees VALUES ('Cai', 'eng', 6100, '2017-01-10');
INSERT INTO employees VALUES ('Dee', 'hr', 3900, '2022-06-30');
""")

rows = conn.execute("SELECT * FROM employees WHERE salary > ? ORDER BY hired", (4000,)).fetchall()
print("columns:", rows[0].keys())
for r in rows:
    print(f"{r['name']} ({r['dept']}) since {r['hired']}: {r['salary']}")
as_dicts = [dict(r) for r in rows]
print(as_dicts[0])
conn.close()
