# Bank transfers in SQLite transactions: failed transfers roll back.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE accounts (name TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0))")
conn.executemany("INSERT INTO accounts VALUES (?, ?)", [("alice", 100), ("bob", 50)])
conn.commit()


def transfer(src, dst, amount):
    try:
        with conn:
            conn.execute("UPDATE accounts SET balance = balance + ? WHERE name = ?", (amount, dst))
            conn.execute("UPDATE accounts SET balance = balance - ? WHERE name = ?", (amount, src))
        return "ok"
    except sqlite3.IntegrityError as exc:
        return f"rolled back ({exc})"


for src, dst, amount in [("alice", "bob", 30), ("bob", "alice", 500), ("bob", "alice", 80)]:
    print(f"{src} -> {dst} {amount}: {transfer(src, dst, amount)}")
print(dict(conn.execute("SELECT name, balance FROM accounts ORDER BY name")))
