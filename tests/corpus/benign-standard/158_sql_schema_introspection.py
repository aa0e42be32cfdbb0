# Inspect an SQLite schema: tables, columns and indexes via PRAGMA.
import sqlite3

db = sqlite3.connect(":memory:")
db.executescript("""
CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE NOT NULL, created TEXT DEFAULT 'now');
CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, body TEXT);
CREATE INDEX idx_posts_user ON posts(user_id);
""")
tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
for table in tables:
    print(f"table {table}:")
    for cid, name, ctype, notnull, default, pk in db.execute(f"PRAGMA table_info({table})"):
        flags = [f for f, on in (("PK", pk), ("NOT NULL", notnull)) if on]
        print(f"   {name:<8} {ctype:<8} {' '.join(flags)}{' default=' + default if default else ''}")
indexes = db.execute("SELECT name, tbl_name FROM sqlite_master WHERE type='index' AND sql IS NOT NULL").fetchall()
print("indexes:", indexes)
