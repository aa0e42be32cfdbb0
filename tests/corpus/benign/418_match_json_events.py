# Dispatching JSON events with mapping patterns
import json

events = [
    '{"type": "click", "x": 10, "y": 20}',
    '{"type": "keypress", "key": "Enter", "modifiers": ["ctrl"]}',
    '{"type": "keypress", "key": "a"}',
    '{"type": "scroll", "delta": -3}',
    '{"type": "resize", "size": {"w": 800, "h": 600}}',
    '{"kind": "unknown"}',
]
for raw in events:
    match json.loads(raw):
        case {"type": "click", "x": int(x), "y": int(y)}:
            print(f"click at ({x}, {y})")
        case {"type": "keypress", "key": key, "modifiers": [*mods]}:
            print(f"key {'+'.join(mods + [key])}")
        case {"type": "keypress", "key": key}:
            print(f"key {key}")
        case {"type": "resize", "size": {"w": w, "h": h}}:
            print(f"resize to {w}x{h}")
        case {"type": str(other), **rest}:
            print(f"unhandled {other} event with {rest}")
        case _:
            print("malformed event")
