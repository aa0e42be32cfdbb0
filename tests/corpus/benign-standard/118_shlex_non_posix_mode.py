# Compare POSIX and non-POSIX shlex splitting of the same input.
import shlex

text = 'copy "src dir/file.txt" \'dest dir\' --flag=\"x y\"'
print("posix:    ", shlex.split(text))
lex = shlex.shlex(text, posix=False)
lex.whitespace_split = True
print("non-posix:", list(lex))

lex2 = shlex.shlex("a=1, b=2, c='three'", posix=True)
lex2.whitespace = ", "
lex2.whitespace_split = True
pairs = dict(tok.split("=", 1) for tok in lex2)
print("pairs:", pairs)
