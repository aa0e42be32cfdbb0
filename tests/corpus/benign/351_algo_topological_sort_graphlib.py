# Ordering build steps with graphlib.TopologicalSorter
from graphlib import CycleError, TopologicalSorter

deps = {
    "deploy": ["test", "package"],
    "package": ["compile"],
    "test": ["compile", "lint"],
    "compile": ["fetch"],
    "lint": ["fetch"],
    "fetch": [],
}
ts = TopologicalSorter(deps)
print(list(ts.static_order()))
ts = TopologicalSorter(deps)
ts.prepare()
stage = 1
while ts.is_active():
    ready = sorted(ts.get_ready())
    print(f"stage {stage}: {ready}")
    ts.done(*ready)
    stage += 1
try:
    list(TopologicalSorter({"a": ["b"], "b": ["c"], "c": ["a"]}).static_order())
except CycleError as exc:
    print("cycle:", exc.args[1])
