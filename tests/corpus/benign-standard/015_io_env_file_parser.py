# Parse a .env-style settings text (KEY=value, comments, quotes) from a stream.
import io

SETTINGS = """
# database
DB_HOST=localhost
DB_PORT=5432
DB_NAME="inventory app"

# features
ENABLE_CACHE=true
CACHE_TTL = 300
export GREETING='hello world'
"""


def parse_env(stream):
    result = {}
    for lineno, raw in enumerate(stream, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("export "):
            line = line[len("export "):]
        key, sep, value = line.partition("=")
        if not sep:
            raise ValueError(f"line {lineno}: missing '='")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        result[key.strip()] = value
    return result


env = parse_env(io.StringIO(SETTINGS))
for key in sorted(env):
    print(f"{key} = {env[key]!r}")
print("port as int:", int(env["DB_PORT"]) + 0)
print("cache enabled:", env["ENABLE_CACHE"].lower() in {"1", "true", "yes"})
