# technique: the runtime check turns __dict__ into a 'private' attribute, which it allows after a load of a name called self; type(f).__dict__ of the function type holds the __globals__ member descriptor and __get__ is a readable dunder, so the descriptor reads any function's globals; type(abc.ABC).__mro__[1] (a readable dunder) is the real type, whose __dict__ holds __subclasses__
# source: descriptor protocol (type.__dict__[name].__get__(obj)) as getattr; classic subclasses walk to os._wrap_close
# note: runtime-layer escape; the validator refuses __dict__, __mro__ and __get__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


def d(self):
    return self.__dict__


def via_function_type():
    member = d(type(via_function_type))[dn('globals')]
    return member.__get__(json.dumps)


def via_real_type():
    real_type = type(abc.ABC).__mro__[1]
    for c in d(real_type)[dn('subclasses')](object):
        if c.__name__ == '_wrap_close':
            return d(type(via_real_type))[dn('globals')].__get__(d(c)[dn('init')])
    raise LookupError('_wrap_close not loaded')

attempt('FunctionType.__dict__[__globals__].__get__(json.dumps)', via_function_type)
attempt('real type.__subclasses__ -> os._wrap_close.__init__ globals', via_real_type)
