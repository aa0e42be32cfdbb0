# Parse a command string into flags and positional arguments after shlex.split.
import shlex

line = "convert --width=800 --height 600 -q --format 'png' 'holiday photo.jpg' out.png"
tokens = shlex.split(line)
program, rest = tokens[0], tokens[1:]

flags, positional = {}, []
i = 0
while i < len(rest):
    tok = rest[i]
    if tok.startswith("--"):
        if "=" in tok:
            key, value = tok[2:].split("=", 1)
        elif i + 1 < len(rest) and not rest[i + 1].startswith("-"):
            key, value = tok[2:], rest[i + 1]
            i += 1
        else:
            key, value = tok[2:], True
        flags[key] = value
    elif tok.startswith("-"):
        for ch in tok[1:]:
            flags[ch] = True
    else:
        positional.append(tok)
    i += 1

print("program:", program)
print("flags:", dict(sorted(flags.items())))
print("positional:", positional)
