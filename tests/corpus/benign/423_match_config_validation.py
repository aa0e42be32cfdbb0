# Validate configuration dictionaries with mapping patterns and guards
def check(config: dict) -> str:
    match config:
        case {"driver": "sqlite", "path": str(path)}:
            return f"sqlite database at {path}"
        case {"driver": "postgres", "host": str(host), "port": int(port)} if 0 < port < 65536:
            return f"postgres on {host}:{port}"
        case {"driver": "postgres", "host": str(host)}:
            return f"postgres on {host}:5432 (default port)"
        case {"driver": str(driver)}:
            return f"unsupported or incomplete driver config: {driver}"
        case _:
            return "missing driver"


configs = [
    {"driver": "sqlite", "path": "/tmp/app.db"},
    {"driver": "postgres", "host": "db.internal", "port": 6432, "user": "app"},
    {"driver": "postgres", "host": "db.internal", "port": 99999},
    {"driver": "mysql"},
    {"path": "x"},
]
for c in configs:
    print(check(c))
