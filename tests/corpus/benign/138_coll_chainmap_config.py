# Layered configuration lookups with ChainMap
from collections import ChainMap

defaults = {"theme": "light", "lang": "en", "page_size": 20, "debug": False}
user = {"theme": "dark", "page_size": 50}
cli = {"debug": True}
config = ChainMap(cli, user, defaults)
for key in ["theme", "lang", "page_size", "debug"]:
    print(f"{key}: {config[key]}")
print(dict(config))
local = config.new_child({"lang": "fr"})
print(local["lang"], config["lang"], len(local.maps))
local["theme"] = "solarized"
print(local.maps[0], user["theme"])
print(sorted(config.keys()))
