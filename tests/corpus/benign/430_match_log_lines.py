# Parse heterogeneous log lines by matching split fields
lines = [
    "INFO user=alice action=login",
    "WARN disk=/dev/sda1 usage=91%",
    "ERROR code=500 path=/api/orders",
    "DEBUG something verbose",
    "INFO user=bob action=logout",
]
for line in lines:
    level, *rest = line.split()
    fields = dict(item.split("=", 1) for item in rest if "=" in item)
    match level, fields:
        case "INFO", {"user": user, "action": action}:
            print(f"{user} did {action}")
        case "WARN", {"usage": usage, **others}:
            print(f"warning: usage {usage} on {others.get('disk', '?')}")
        case "ERROR", {"code": code, "path": path}:
            print(f"error {code} at {path}")
        case _, {}:
            print(f"ignored {level} line")
