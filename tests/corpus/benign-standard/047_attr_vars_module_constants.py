# Collect module-level UPPER_CASE constants with vars() to print a config summary.
MAX_RETRIES = 5
TIMEOUT_SECONDS = 2.5
BASE_URL = "https://api.example.com"
DEFAULT_TAGS = ("alpha", "beta")
helper_value = 42


def summary():
    namespace = dict(vars())
    return namespace


module_ns = dict(vars())
constants = {k: v for k, v in module_ns.items() if k.isupper() and not k.startswith("_")}
for key in sorted(constants):
    print(f"{key:<16} {constants[key]!r}")
print("helper_value is lower case, skipped:", "helper_value" not in constants)
print("vars() inside a function sees locals only:", summary() == {})
