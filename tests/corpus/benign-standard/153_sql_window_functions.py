# Running totals and ranks with SQLite window functions.
import sqlite3

conn = sqlite3.connect(":memory:")
conn.execute("CREATE TABLE scores (player TEXT, game INTEGER, points INTEGER)")
conn.executemany("INSERT INTO scores VALUES (?, ?, ?)", [
    ("ann", 1, 10), ("ann", 2, 25), ("ann", 3, 5),
    ("bob", 1, 20), ("bob", 2, 15), ("bob", 3, 30),
])
sql = """
SELECT player, game, points,
       SUM(points) OVER (PARTITION BY player ORDER BY game) AS running,
       RANK() OVER (PARTITION BY game ORDER BY points DESC) AS rank_in_game
FROM scores ORDER BY player, game
"""
for row in conn.execute(sql):
    print("{:<4} game {} points {:>2} running {:>2} rank {}".format(*row))
