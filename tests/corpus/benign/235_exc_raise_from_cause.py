# Exception chaining with `raise ... from ...` and reading __cause__
class ConfigError(Exception):
    pass


def load_port(settings: dict[str, str]) -> int:
    try:
        return int(settings["port"])
    except KeyError as e:
        raise ConfigError("missing 'port' setting") from e
    except ValueError as e:
        raise ConfigError(f"invalid port {settings['port']!r}") from e


for settings in [{"port": "8080"}, {}, {"port": "eighty"}]:
    try:
        print("port:", load_port(settings))
    except ConfigError as err:
        cause = err.__cause__
        print(f"ConfigError: {err}")
        print(f"  caused by {type(cause).__name__}: {cause}")
