# Show which strings need quoting for a POSIX shell.
import shlex

samples = ["simple", "with space", "semi;colon", "dollar$sign", "", "ünïcode", "a-b_c.d/e", "star*"]
for s in samples:
    q = shlex.quote(s)
    needs = q != s
    print(f"{s!r:<14} needs quoting: {str(needs):<5} -> {q}")
