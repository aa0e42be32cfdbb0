# A command-line style script that falls back to defaults when no args are given.
import sys


def main(argv):
    args = argv[1:]
    n = int(args[0]) if args else 10
    mode = args[1] if len(args) > 1 else "fib"
    if mode == "fib":
        a, b = 0, 1
        seq = []
        for _ in range(n):
            seq.append(a)
            a, b = b, a + b
    else:
        seq = [i * i for i in range(n)]
    print(f"mode={mode} n={n}")
    print(seq)
    return 0


print("got extra arguments:", len(sys.argv) > 1)
status = main(sys.argv)
print("status:", status)
