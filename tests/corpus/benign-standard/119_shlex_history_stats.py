# Analyse a shell history: most used programs and flags.
import shlex
from collections import Counter

HISTORY = """\
git status
git commit -m "first commit"
ls -la
git push origin main
grep -rn 'TODO' src
ls -l docs
git log --oneline -n 5
python3 -m pytest -q
ls
"""

programs = Counter()
flags = Counter()
for line in HISTORY.splitlines():
    argv = shlex.split(line)
    programs[argv[0]] += 1
    flags.update(a for a in argv[1:] if a.startswith("-"))

print("programs:", programs.most_common())
print("top flags:", sorted(flags.items(), key=lambda kv: (-kv[1], kv[0]))[:4])
print("longest command:", max(HISTORY.splitlines(), key=lambda l: len(shlex.split(l))))
