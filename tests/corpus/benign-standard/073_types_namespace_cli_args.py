# Build an argparse-like namespace by hand and use it to drive a computation.
from types import SimpleNamespace


def parse(tokens):
    ns = SimpleNamespace(verbose=False, precision=2, values=[])
    it = iter(tokens)
    for tok in it:
        if tok in ("-v", "--verbose"):
            ns.verbose = True
        elif tok == "--precision":
            ns.precision = int(next(it))
        else:
            ns.values.append(float(tok))
    return ns


args = parse(["3.14159", "--precision", "3", "-v", "2.71828", "1.41421"])
print(args)
total = sum(args.values)
if args.verbose:
    for v in args.values:
        print(f"  value {v:.{args.precision}f}")
print(f"sum = {total:.{args.precision}f}")
