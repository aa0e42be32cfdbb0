# Split shell-like command lines into argument lists with shlex.split.
import shlex

commands = [
    'grep -i "hello world" notes.txt',
    "cp 'my file.txt' backup/",
    r'echo "a \"quoted\" word" plain',
    "find . -name '*.py' -exec wc -l {} +",
    "ls   -la    # list everything",
]
for cmd in commands:
    print(shlex.split(cmd))
print(shlex.split("ls -la # list everything", comments=True))
