# Show a unified diff between two versions of a config file
import difflib

old = """host = localhost
port = 8080
debug = true
workers = 4
timeout = 30
""".splitlines(keepends=True)
new = """host = 0.0.0.0
port = 8080
debug = false
workers = 8
timeout = 30
log_level = info
""".splitlines(keepends=True)
for line in difflib.unified_diff(old, new, fromfile="config.old", tofile="config.new"):
    print(line, end="")
