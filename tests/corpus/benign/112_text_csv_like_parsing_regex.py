# Parse key=value pairs with quoted values from a config line
import re

line = 'name="Jane Doe" age=34 city="New York" active=true score=91.5 note="say \\"hi\\""'
pairs = re.findall(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', line)
config: dict[str, object] = {}
for key, raw in pairs:
    if raw.startswith('"'):
        value: object = raw[1:-1].replace('\\"', '"')
    elif raw in ("true", "false"):
        value = raw == "true"
    elif re.fullmatch(r"-?\d+", raw):
        value = int(raw)
    else:
        value = float(raw)
    config[key] = value
for k, v in config.items():
    print(f"{k:<7} {type(v).__name__:<5} {v!r}")
