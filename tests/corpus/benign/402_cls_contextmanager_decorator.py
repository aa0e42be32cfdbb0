# Context managers with contextlib.contextmanager
from contextlib import contextmanager


@contextmanager
def tag(name: str):
    print(f"<{name}>")
    try:
        yield name
    finally:
        print(f"</{name}>")


@contextmanager
def temporary_setting(settings: dict, key: str, value: object):
    old = settings.get(key)
    settings[key] = value
    try:
        yield settings
    finally:
        settings[key] = old


with tag("html"):
    with tag("body") as t:
        print(f"  inside {t}")
config = {"debug": False}
with temporary_setting(config, "debug", True) as cfg:
    print("during:", cfg)
print("after:", config)
try:
    with tag("div"):
        raise RuntimeError("boom")
except RuntimeError as exc:
    print("caught", exc)
