# Word frequency over a tutorial text that mentions special method names.
import re
from collections import Counter

TEXT = """
In Python, __init__ initialises an object and __repr__ returns its
developer-facing string. Define __eq__ together with __hash__ when objects
are used as dict keys. Most classes only need __init__ and __repr__; a few
also need __len__ or __iter__. Remember: __init__ is not a constructor.
"""

tokens = re.findall(r"__\w+__|[a-z]+", TEXT.lower())
freq = Counter(tokens)
dunder_freq = {t: n for t, n in freq.items() if t.startswith("__")}
print("dunder mentions:")
for name, n in sorted(dunder_freq.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"  {name:<10} {n}")
plain = [(w, n) for w, n in freq.most_common() if not w.startswith("__") and len(w) > 3]
print("top plain words:", plain[:3])
