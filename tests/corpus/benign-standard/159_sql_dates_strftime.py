# Group events by month using SQLite's date functions on ISO strings.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE events (day TEXT, kind TEXT)")
conn.executemany("INSERT INTO events VALUES (?, ?)", [
    ("2024-01-05", "signup"), ("2024-01-19", "signup"), ("2024-02-02", "purchase"),
    ("2024-02-14", "signup"), ("2024-02-28", "purchase"), ("2024-03-03", "purchase"),
])
for month, signups, purchases in conn.execute("""
    SELECT strftime('%Y-%m', day) AS month,
           SUM(kind = 'signup'), SUM(kind = 'purchase')
    FROM events GROUP BY month ORDER BY month"""):
    print(f"{month}: signups={signups} purchases={purchases}")
gap = conn.execute("SELECT julianday('2024-03-03') - julianday('2024-01-05')").fetchone()[0]
print("days between first and last event:", int(gap))
print("weekday of 2024-02-14 (0=Sunday):", conn.execute("SELECT strftime('%w', '2024-02-14')").fetchone()[0])
