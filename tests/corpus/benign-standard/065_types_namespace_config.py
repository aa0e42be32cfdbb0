# Turn a nested settings dict into attribute-style access with SimpleNamespace.
from types import SimpleNamespace


def to_namespace(value):
    if isinstance(value, dict):
        return SimpleNamespace(**{k: to_namespace(v) for k, v in value.items()})
    if isinstance(value, list):
        return [to_namespace(v) for v in value]
    return value


settings = {
    "app": {"name": "tracker", "debug": False},
    "db": {"host": "db.local", "port": 5432, "replicas": [{"host": "r1"}, {"host": "r2"}]},
}
cfg = to_namespace(settings)
print(cfg.app.name, cfg.db.port)
print("replicas:", [r.host for r in cfg.db.replicas])
cfg.app.debug = True
print(cfg.app)
print("equal namespaces:", SimpleNamespace(a=1) == SimpleNamespace(a=1))
