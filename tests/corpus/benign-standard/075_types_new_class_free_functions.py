# Check that a list of "transforms" contains only plain functions before applying them.
import types


def strip(s):
    return s.strip()


def collapse_spaces(s):
    return " ".join(s.split())


def title(s):
    return s.title()


pipeline = [strip, collapse_spaces, title]
assert all(isinstance(step, types.FunctionType) for step in pipeline)

bad_pipeline = pipeline + ["not a function"]
invalid = [repr(step) for step in bad_pipeline if not isinstance(step, types.FunctionType)]
print("invalid steps:", invalid)

text = "   the   quick brown   fox  "
for step in pipeline:
    text = step(text)
    print(f"{step.__name__:<16} -> {text!r}")
