# Report which command lines have unbalanced quotes.
import shlex

lines = [
    'say "hello"',
    "say 'unterminated",
    'path "C:\\Program Files\\App"',
    'echo "nested \'ok\' quotes"',
    'broken "one" "two',
]
for line in lines:
    try:
        parts = shlex.split(line)
    except ValueError as exc:
        print(f"{line!r}: error: {exc}")
    else:
        print(f"{line!r}: {len(parts)} tokens {parts}")
