# Expand simple $(VAR) references in a make-like recipe, then split it into argv.
import re
import shlex

variables = {"CC": "gcc", "CFLAGS": "-O2 -Wall", "OUT": "'my app'", "SRC": "main.c util.c"}
recipe = "$(CC) $(CFLAGS) -o $(OUT) $(SRC) $(LDLIBS)"


def expand(text):
    return re.sub(r"\$\((\w+)\)", lambda m: variables.get(m.group(1), ""), text)


line = expand(recipe)
print("expanded:", line)
argv = shlex.split(line)
print("argv:", argv)
print("output file:", argv[argv.index("-o") + 1])
print("sources:", [a for a in argv if a.endswith(".c")])
