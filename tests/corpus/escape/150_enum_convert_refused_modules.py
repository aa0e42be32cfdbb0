# technique: Enum._convert_ (see 143) aimed at modules outside the allowlist and at module writes: _convert_('Leak', 'os' / 'builtins' / 'posix', filter) collects the real globals, but the enum it builds carries __module__ = that module; as_global=True asks enum.global_enum to export the members
# source: enum.EnumType._convert_ as a reader of module globals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum


def convert(cls, module, wanted, **kw):
    return list(cls._convert_('Leak', module, lambda n: n == wanted, **kw))[0].value

attempt("Enum._convert_('Leak', 'os', system)", lambda: convert(enum.Enum, 'os', 'system'))
attempt("Enum._convert_('Leak', 'builtins', eval)", lambda: convert(enum.Enum, 'builtins', 'eval'))
attempt("Enum._convert_('Leak', 'posix', system)", lambda: convert(enum.Enum, 'posix', 'system'))
attempt("Enum._convert_('Leak', 'sys', modules)", lambda: convert(enum.Enum, 'sys', 'modules'))
attempt("Enum._convert_('Leak', 'json', codecs, as_global=True)",
        lambda: convert(enum.Enum, 'json', 'codecs', as_global=True))
