# Model a small library with authors and books, and query it with JOINs.
import sqlite3

db = sqlite3.connect(":memory:")
db.executescript("""
CREATE TABLE authors (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, year INTEGER,
                    author_id INTEGER REFERENCES authors(id));
""")
db.executemany("INSERT INTO authors (id, name) VALUES (?, ?)",
               [(1, "Ursula K. Le Guin"), (2, "Isaac Asimov"), (3, "Octavia Butler")])
db.executemany("INSERT INTO books (title, year, author_id) VALUES (?, ?, ?)", [
    ("A Wizard of Earthsea", 1968, 1), ("The Dispossessed", 1974, 1),
    ("Foundation", 1951, 2), ("I, Robot", 1950, 2), ("The End of Eternity", 1955, 2),
])

for name, count, first in db.execute("""
    SELECT a.name, COUNT(b.id), MIN(b.year)
    FROM authors a LEFT JOIN books b ON b.author_id = a.id
    GROUP BY a.id ORDER BY COUNT(b.id) DESC, a.name
"""):
    print(f"{name:<18} books={count} first={first}")

title, author = db.execute("""SELECT b.title, a.name FROM books b JOIN authors a ON a.id = b.author_id
                              ORDER BY b.year LIMIT 1""").fetchone()
print(f"oldest: {title} by {author}")
