# A tiny to-do list backed by SQLite with add/complete/list operations.
import sqlite3


class TodoList:
    def __init__(self):
        self.db = sqlite3.connect(":memory:")
        self.db.execute("CREATE TABLE todo (id INTEGER PRIMARY KEY AUTOINCREMENT, task TEXT, done INTEGER DEFAULT 0, priority INTEGER)")

    def add(self, task, priority=2):
        cur = self.db.execute("INSERT INTO todo (task, priority) VALUES (?, ?)", (task, priority))
        return cur.lastrowid

    def complete(self, todo_id):
        return self.db.execute("UPDATE todo SET done = 1 WHERE id = ?", (todo_id,)).rowcount == 1

    def pending(self):
        return self.db.execute("SELECT id, task FROM todo WHERE done = 0 ORDER BY priority, id").fetchall()


todos = TodoList()
ids = [todos.add("write report", 1), todos.add("water plants", 3), todos.add("call bank", 1), todos.add("buy milk")]
print("added ids:", ids)
print("complete 3:", todos.complete(3), "complete 99:", todos.complete(99))
for tid, task in todos.pending():
    print(f"[ ] {tid}: {task}")
