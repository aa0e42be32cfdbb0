# technique: copy.deepcopy of a real dataclasses.Field through a caller-supplied memo maps the interned slot-state value of its name to a name of the snippet's choosing (copy restores the state with setattr, from copy's frame, onto a Field whose name is still None); the renamed Field, put into a dataclass's field dict, makes dataclasses.replace read an attribute by that name
# source: round 7 of the project's own attack work: the check-then-use window of copy's memo (188, 190) aimed at the Field guard
# note: found as a primitive (a Field renamed to a dunder); stopped since a Field's name is written only by dataclasses' Field.__init__ and _get_field
# source: 188 (deepcopy memo substitution) applied to copy's slot-state setattr instead of the reduce func; class-pattern positional reads by __match_args__ (guarded only at class creation) + ABCMeta.__subclasshook__ isinstance
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy
import dataclasses


@dataclasses.dataclass
class D:
    x: int = 0


def renamed_field(name):
    real = dataclasses.fields(D)[0]
    memo = {id('x'): name, id(real.metadata): real.metadata}
    return copy.deepcopy(real, memo)


f2 = attempt('a real Field renamed through the memo', lambda: renamed_field(dn('glob' + 'als')))
if f2 is not None and type(f2) is dataclasses.Field and f2.name == dn('glob' + 'als'):
    # dataclasses.replace/asdict would now read that attribute by name
    print('ESCAPED a real Field renamed to', f2.name)
