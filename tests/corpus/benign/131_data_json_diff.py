# Compare two JSON documents and list the differences by path
import json


def diff(a: object, b: object, path: str = "$") -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            if key not in a:
                out.append(f"{path}.{key}: added {json.dumps(b[key])}")
            elif key not in b:
                out.append(f"{path}.{key}: removed")
            else:
                out.extend(diff(a[key], b[key], f"{path}.{key}"))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {json.dumps(a)} -> {json.dumps(b)}"]


def main() -> None:
    old = json.loads('{"name": "app", "version": "1.0", "deps": ["a", "b"], "opts": {"debug": true, "port": 80}}')
    new = json.loads('{"name": "app", "version": "1.1", "deps": ["a", "c"], "opts": {"port": 8080, "tls": true}}')
    print("\n".join(diff(old, new)))


if __name__ == "__main__":
    main()
