# technique: a user metaclass whose __prepare__ preloads the namespace and whose __new__ adds computed dunder keys (__match_args__) before type.__new__
# source: Python data model: __prepare__ / metaclass __new__ rewriting the class namespace

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class M(abc.ABCMeta):
    @classmethod
    def __prepare__(mcs, name, bases, **kw):
        return {dn('match_args'): (dn('globals'),)}

    def __new__(mcs, name, bases, ns, **kw):
        ns[dn('match_args')] = (dn('globals'),)
        return super().__new__(mcs, name, bases, ns)


class P(metaclass=M):
    pass

P.register(type(json.dumps))


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('metaclass __prepare__/__new__ match_args', via)
