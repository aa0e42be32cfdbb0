# Apply a configuration dictionary to an object with setattr, validating keys.
class Settings:
    def __init__(self):
        self.host = "localhost"
        self.port = 8000
        self.debug = False
        self.workers = 1


overrides = {"port": "9090", "debug": "true", "workers": "4", "colour": "blue"}

settings = Settings()
for key, raw in overrides.items():
    if not hasattr(settings, key):
        print(f"unknown setting ignored: {key}")
        continue
    current = getattr(settings, key)
    if isinstance(current, bool):
        value = raw.lower() in ("1", "true", "yes")
    elif isinstance(current, int):
        value = int(raw)
    else:
        value = raw
    setattr(settings, key, value)

for key in ("host", "port", "debug", "workers"):
    print(f"{key} = {getattr(settings, key)!r}")
