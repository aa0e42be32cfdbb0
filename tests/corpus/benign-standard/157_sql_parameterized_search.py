# Search a products table with parameterised LIKE queries (safe from injection).
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE products (name TEXT, category TEXT, price REAL)")
conn.executemany("INSERT INTO products VALUES (:name, :category, :price)", [
    {"name": "USB-C cable", "category": "cables", "price": 9.5},
    {"name": "HDMI cable", "category": "cables", "price": 12.0},
    {"name": "USB hub", "category": "hubs", "price": 25.0},
    {"name": "Mouse pad", "category": "desk", "price": 6.75},
])


def search(term, max_price=None):
    sql = "SELECT name, price FROM products WHERE name LIKE ?"
    params = [f"%{term}%"]
    if max_price is not None:
        sql += " AND price <= ?"
        params.append(max_price)
    return conn.execute(sql + " ORDER BY price", params).fetchall()


print("usb:", search("usb"))
print("cable under 10:", search("cable", 10))
print("injection attempt:", search("' OR 1=1 --"))
