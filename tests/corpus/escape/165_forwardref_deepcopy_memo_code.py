# technique: copy.deepcopy of a typing.ForwardRef (its __forward_code__ slot holds the compiled annotation, a code object typing compiles under the audit hook's trust) whose last slot, __forward_module__, is the snippet's object: deepcopy fills the new slot-state dict in slot order and keeps the originals alive in memo, so the object's __deepcopy__(memo) would find __forward_code__ in the half-built copy; copy.deepcopy(ForwardRef) is the reduce path with a (None, slots) state
# source: copy.deepcopy memo dict handed to __deepcopy__ (partially built copies and keep-alive originals); typing.ForwardRef compiled code
# note: stopped: the runtime's copy._reconstruct guard refuses the dunder slot names before the state is deep-copied
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy, typing

FORWARD_REF = type(typing.get_args(typing.List['int'])[0])
SEEN = []


class Spy:
    def __deepcopy__(self, memo):
        SEEN.extend(memo.values())
        return self


def code_from_memo():
    ref = FORWARD_REF('1 + 1', module=Spy())
    copy.deepcopy(ref)
    for v in SEEN:
        if type(v) is dict:
            for x in v.values():
                if type(x).__name__ == 'code':
                    return x
    raise LookupError('no code object in memo')

attempt("deepcopy(ForwardRef(module=Spy())) -> memo -> __forward_code__", code_from_memo)
