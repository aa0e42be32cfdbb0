#!/usr/bin/env python3
"""Regenerate (or check) the expected stdout of the corpus snippets.

Each snippet tests/corpus/<kind>/NNN_name.py has next to it NNN_name.out, the
exact stdout it must print in the sandbox.  The expected output is what the
host's CPython 3.11 (the version the sandbox embeds) prints when it runs the
snippet as a plain script:

    /usr/bin/python3 -I -S NNN_name.py

(benign-science: without -S, so that Debian's packages are importable.)

To catch snippets whose output is not deterministic, every snippet is run
twice with different PYTHONHASHSEED values (0 and 1: sets of strings change
order) and different time zones (UTC and Asia/Kolkata: anything that reads
the local time zone changes), in an empty temporary directory with a minimal
environment.  The two outputs must be identical and the snippet must exit 0;
otherwise it is reported and its .out is not written.

Usage:
    tests/corpus/make_expected.py [--kind benign] [--check] [SNIPPET.py ...]

--check compares with the committed .out files instead of writing them and
exits 1 on any difference.  With no snippet named, every *.py of the kind's
folder is processed.
"""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
PYTHON = "/usr/bin/python3"
RUNS = [
    {"PYTHONHASHSEED": "0", "TZ": "UTC"},
    {"PYTHONHASHSEED": "1", "TZ": "Asia/Kolkata"},
]


def run(snippet: pathlib.Path, extra_env: dict[str, str], workdir: str) -> tuple[int, bytes, bytes]:
    env = {"LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin", **extra_env}
    # A profile's corpus (benign-science) needs Debian's packages: the site
    # module, which puts dist-packages on the path; one thread, Agg.
    science = snippet.parent.name.endswith("-science")
    if science:
        env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MPLBACKEND="Agg",
                   MPLCONFIGDIR=workdir)
    proc = subprocess.run([PYTHON, "-I"] + ([] if science else ["-S"]) + [str(snippet)],
                          cwd=workdir, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
    return proc.returncode, proc.stdout, proc.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kind", default="benign", help="corpus folder under tests/corpus")
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("snippets", nargs="*", type=pathlib.Path)
    args = parser.parse_args()

    snippets = args.snippets or sorted((HERE / args.kind).glob("*.py"))
    problems = 0
    with tempfile.TemporaryDirectory() as workdir:
        for snippet in snippets:
            results = [run(snippet, env, workdir) for env in RUNS]
            rc, out, err = results[0]
            if rc != 0:
                problems += 1
                print(f"FAIL {snippet.name}: exit {rc}\n{err.decode(errors='replace')}")
                continue
            if any(r[0] != rc or r[1] != out for r in results[1:]):
                problems += 1
                print(f"FAIL {snippet.name}: output differs between runs {RUNS}")
                continue
            expected = snippet.with_suffix(".out")
            if args.check:
                if not expected.exists() or expected.read_bytes() != out:
                    problems += 1
                    print(f"DIFF {snippet.name}: stdout differs from {expected.name}")
            elif not expected.exists() or expected.read_bytes() != out:
                expected.write_bytes(out)
                print(f"wrote {expected.name}")
    print(f"{len(snippets)} snippets, {problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
