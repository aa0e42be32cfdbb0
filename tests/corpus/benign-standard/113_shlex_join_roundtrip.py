# Round-trip argument lists through shlex.join and shlex.split.
import shlex

argvs = [
    ["python3", "train.py", "--lr", "0.01", "--name", "run one"],
    ["echo", "tab\there", "new\nline"],
    ["printf", "%s\\n", "100%", ""],
    ["git", "commit", "-m", 'fix: handle "quotes" & ampersands'],
]
for argv in argvs:
    line = shlex.join(argv)
    back = shlex.split(line)
    print(line)
    print("   round trip ok:", back == argv)
