# technique: the private state of instances of every stdlib class a snippet may subclass (the class guard's list: JSONEncoder/Decoder, Template, ExitStack, TextWrapper, SequenceMatcher/Differ/HtmlDiff, csv DictReader/DictWriter, PrettyPrinter, TopologicalSorter, NormalDist, Struct, array, Calendar classes, partial, Random, Decimal, Fraction, datetime classes, OrderedDict/defaultdict/Counter/deque/ChainMap/User*), read through the self exemption (a function whose parameter is named self reads any _name of any object) one and two levels deep, including class-level private attributes; every value is checked for a module outside the allowlist, a frame, a code object, globals or the real builtins
# source: sandbox design flaw class: interpreter internals kept in private attributes of objects a sandbox hands out (random._os, redirect_stdout._stream, catch_warnings._module, 130/137-139)
# note: stopped: the private state holds data, the snippet's own callables and allowed modules' public functions (PrettyPrinter._stream is sys.stdout, an io object; none of the values is a module, frame, code object or namespace)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import calendar, collections, contextlib, csv, datetime, decimal, difflib, fractions
import functools, graphlib, json, pprint, random, statistics, string, struct, textwrap, array

# one reader per private name, each with the name in its own code (the self
# exemption of the private-attribute rules: any object may be passed as self)
READERS = {
    '_stream': lambda self: self._stream, '_dispatch': lambda self: self._dispatch,
    '_exit_callbacks': lambda self: self._exit_callbacks,
    '_node2info': lambda self: self._node2info, '_mu': lambda self: self._mu,
    '_fieldnames': lambda self: self._fieldnames, '_numerator': lambda self: self._numerator,
    '_randbelow': lambda self: self._randbelow, '_styles': lambda self: self._styles,
    '_file_template': lambda self: self._file_template,
    '_firstweekday': lambda self: self._firstweekday, '_format': lambda self: self._format,
    '_repr': lambda self: self._repr, '_safe_repr': lambda self: self._safe_repr,
    '_push_cm_exit': lambda self: self._push_cm_exit,
    '_create_cb_wrapper': lambda self: self._create_cb_wrapper,
    '_split': lambda self: self._split, '_os': lambda self: self._os,
    '_sys': lambda self: self._sys, '_inst': lambda self: self._inst,
    '_sha512': lambda self: self._sha512, '_urandom': lambda self: self._urandom,
    '_floor': lambda self: self._floor, '_sigma': lambda self: self._sigma,
    '_denominator': lambda self: self._denominator, '_dict_to_list': lambda self: self._dict_to_list,
    '_fancy_replace': lambda self: self._fancy_replace, '_make_prefix': lambda self: self._make_prefix,
    '_munge_whitespace': lambda self: self._munge_whitespace,
    '_wrap_chunks': lambda self: self._wrap_chunks, '_ready_nodes': lambda self: self._ready_nodes,
    '_width': lambda self: self._width, '_readable': lambda self: self._readable,
    '_pprint_dataclass': lambda self: self._pprint_dataclass,
    '_push_exit_callback': lambda self: self._push_exit_callback,
    '_randbelow_with_getrandbits': lambda self: self._randbelow_with_getrandbits,
}


class Sink:
    def write(self, s):
        return len(s)


def instances():
    out = [json.JSONEncoder(), json.JSONDecoder(), string.Template('$a'),
           contextlib.ExitStack(), textwrap.TextWrapper(),
           difflib.SequenceMatcher(None, 'ab', 'ac'), difflib.Differ(), difflib.HtmlDiff(),
           csv.DictReader(['a,b', '1,2']), csv.DictWriter(Sink(), ['a']), pprint.PrettyPrinter(),
           graphlib.TopologicalSorter({1: [2]}), statistics.NormalDist(), struct.Struct('i'),
           array.array('i'), calendar.Calendar(), calendar.TextCalendar(),
           calendar.HTMLCalendar(), functools.partial(len), random.Random(1),
           decimal.Decimal(1), fractions.Fraction(1, 3), datetime.date(2020, 1, 1),
           datetime.timedelta(1), collections.OrderedDict(), collections.ChainMap(),
           collections.UserDict(), collections.Counter(), collections.deque()]
    return out + [type(x) for x in out]  # class-level private attributes too


def values_of(v):
    if type(v) in (dict, collections.OrderedDict):
        return [v] + list(v.keys()) + list(v.values())
    if type(v) in (list, tuple, collections.deque):
        return [v] + list(v)
    return [v]


def sweep():
    seen = 0
    for obj in instances():
        for name, read in READERS.items():
            try:
                v = read(obj)
            except Exception:
                continue
            seen += 1
            for x in values_of(v):
                if what(x):
                    print('found', type(obj).__name__, name)
                    return x
                for name2, read2 in READERS.items():
                    try:
                        y = read2(x)
                    except Exception:
                        continue
                    for z in values_of(y):
                        if what(z):
                            print('found', type(obj).__name__, name, name2)
                            return z
    raise LookupError('%d private values, none of the interpreter' % seen)

attempt('private state of the subclassable stdlib classes (self exemption)', sweep)
