# Parse a config file whose lines are shell-style "key value..." with quotes and comments.
import shlex

CONFIG = """
# server settings
listen 0.0.0.0 8080
name "My Test Server"   # display name
alias web1 web2 'web three'
motd "Welcome! Don't forget: it's #1"
"""

settings = {}
for lineno, line in enumerate(CONFIG.splitlines(), 1):
    tokens = shlex.split(line, comments=True)
    if not tokens:
        continue
    key, *values = tokens
    settings[key] = values
    print(f"line {lineno}: {key} = {values}")

print("port:", int(settings["listen"][1]))
print("aliases:", len(settings["alias"]))
