# Report where invalid JSON fails to parse
import json

samples = ['{"a": 1,}', '[1, 2', '{"a": tru}', '{"ok": [1, 2, 3]}', "{'single': 1}", ""]
for s in samples:
    try:
        value = json.loads(s)
        print(f"{s!r:<20} OK -> {value}")
    except json.JSONDecodeError as exc:
        print(f"{s!r:<20} error: {exc.msg} (line {exc.lineno}, col {exc.colno}, pos {exc.pos})")
