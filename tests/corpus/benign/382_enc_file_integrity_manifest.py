# Build a checksum manifest for in-memory "files"
import hashlib

files = {
    "README.md": b"# Project\nSome docs.\n",
    "main.py": b"print('hello')\n",
    "data.csv": b"a,b\n1,2\n",
}
manifest = {name: hashlib.sha256(content).hexdigest() for name, content in sorted(files.items())}
for name, digest in manifest.items():
    print(f"{digest[:16]}  {name}")
files["main.py"] = b"print('hello, world')\n"
changed = [n for n, c in files.items() if hashlib.sha256(c).hexdigest() != manifest[n]]
print("changed:", changed)
