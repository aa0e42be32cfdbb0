# JSON edge cases: unicode, NaN, big ints and non-string keys
import json

print(json.dumps({"city": "São Paulo", "emoji": "🙂"}))
print(json.dumps({"city": "São Paulo", "emoji": "🙂"}, ensure_ascii=False))
print(json.dumps([float("nan"), float("inf")]))
try:
    json.dumps([float("nan")], allow_nan=False)
except ValueError as exc:
    print("ValueError:", exc)
print(json.dumps({1: "one", 2.5: "x", True: "t", None: "n"}))
print(json.loads("12345678901234567890123"), json.loads("1e400"), json.loads('"\\u00e9"'))
print(json.dumps((1, 2)), json.dumps("tab\there"))
