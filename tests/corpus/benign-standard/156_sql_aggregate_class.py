# A custom aggregate (median) registered with create_aggregate.
import sqlite3
import statistics


class Median:
    def __init__(self):
        self.values = []

    def step(self, value):
        if value is not None:
            self.values.append(value)

    def finalize(self):
        return statistics.median(self.values) if self.values else None


conn = sqlite3.connect(":memory:")
conn.create_aggregate("median", 1, Median)
conn.execute("CREATE TABLE latency (service TEXT, ms INTEGER)")
conn.executemany("INSERT INTO latency VALUES (?, ?)", [
    ("auth", 12), ("auth", 15), ("auth", 200), ("api", 40), ("api", 42), ("api", 38), ("api", 45), ("db", None),
])
for service, med, avg in conn.execute(
        "SELECT service, median(ms), AVG(ms) FROM latency GROUP BY service ORDER BY service"):
    shown_avg = "n/a" if avg is None else f"{avg:.1f}"
    print(f"{service:<5} median={med} mean={shown_avg}")
