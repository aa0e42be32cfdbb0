# Maintain stock levels with INSERT ... ON CONFLICT DO UPDATE (upsert).
import sqlite3

db = sqlite3.connect(":memory:")
db.execute("CREATE TABLE stock (sku TEXT PRIMARY KEY, qty INTEGER NOT NULL)")
deliveries = [("A1", 10), ("B2", 5), ("A1", 7), ("C3", 2), ("B2", -3), ("A1", -4)]
db.executemany(
    "INSERT INTO stock (sku, qty) VALUES (?, ?) ON CONFLICT(sku) DO UPDATE SET qty = qty + excluded.qty",
    deliveries,
)
for sku, qty in db.execute("SELECT sku, qty FROM stock ORDER BY sku"):
    print(f"{sku}: {qty}")
print("total units:", db.execute("SELECT SUM(qty) FROM stock").fetchone()[0])
print("rows changed in session:", db.total_changes)
