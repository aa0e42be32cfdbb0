# Use shlex.shlex as a tokenizer for a tiny command language with punctuation.
import shlex

source = "set x = 10; set name = 'Ada Lovelace'; print x, name; add x 5"
lexer = shlex.shlex(source, posix=True, punctuation_chars=";,=")
tokens = list(lexer)
print("tokens:", tokens)

statements, current = [], []
for tok in tokens:
    if tok == ";":
        statements.append(current)
        current = []
    else:
        current.append(tok)
if current:
    statements.append(current)

env = {}
for stmt in statements:
    if stmt[0] == "set":
        env[stmt[1]] = int(stmt[3]) if stmt[3].isdigit() else stmt[3]
    elif stmt[0] == "add":
        env[stmt[1]] += int(stmt[2])
    elif stmt[0] == "print":
        print("print:", [env[t] for t in stmt[1:] if t != ","])
print("final env:", env)
