# Safely parse Python-literal settings with ast.literal_eval.
import ast

lines = [
    "retries = 3",
    "ratio = 0.75",
    "hosts = ['a.example', 'b.example']",
    "limits = {'cpu': 2, 'mem': '512M'}",
    "enabled = True",
    "shape = (3, 4)",
    "danger = open('secrets.txt').read()",
    "broken = [1, 2",
]

config = {}
for line in lines:
    key, _, expr = line.partition("=")
    key, expr = key.strip(), expr.strip()
    try:
        config[key] = ast.literal_eval(expr)
    except (ValueError, SyntaxError) as exc:
        print(f"rejected {key}: {type(exc).__name__}")

for key, value in config.items():
    print(f"{key:<8} {type(value).__name__:<6} {value!r}")
