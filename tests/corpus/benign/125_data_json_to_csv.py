# Flatten nested JSON records into CSV columns
import csv
import json

raw = """[
  {"id": 1, "user": {"name": "Ann", "email": "ann@x.io"}, "plan": {"tier": "pro", "seats": 5}},
  {"id": 2, "user": {"name": "Bo", "email": "bo@x.io"}, "plan": {"tier": "free", "seats": 1}}
]"""


def flatten(d: dict, prefix: str = "") -> dict:
    out = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, key + "."))
        else:
            out[key] = v
    return out


class Out:
    def write(self, s: str) -> None:
        print(s, end="")


rows = [flatten(r) for r in json.loads(raw)]
w = csv.DictWriter(Out(), fieldnames=list(rows[0]), lineterminator="\n")
w.writeheader()
w.writerows(rows)
