# Walk a nested dict with a generator yielding dotted paths
def walk(d: dict, prefix: str = ""):
    for key, value in d.items():
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            yield from walk(value, path)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                yield f"{path}[{i}]", item
        else:
            yield path, value


config = {"db": {"host": "localhost", "port": 5432, "replicas": ["r1", "r2"]},
          "cache": {"ttl": 60}, "debug": False}
for path, value in walk(config):
    print(f"{path} = {value!r}")
