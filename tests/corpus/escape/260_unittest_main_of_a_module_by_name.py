# technique: unittest.main(module=NAME) imports NAME with the real __import__ in unittest's own frame and keeps it in the public attribute .module (a module already in sys.modules raises no import event)
# source: unittest.main / TestProgram (Python docs, "unittest — Command-Line Interface")
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import io
import unittest

for name in ('sys', 'os', 'builtins', 'tool_sandbox.runner'):
    attempt('unittest.main(module=%r).module' % name,
            lambda: unittest.main(module=name, argv=['x'], exit=False,
                                  testRunner=unittest.TextTestRunner(stream=io.StringIO())).module)
attempt('TestProgram(module=None).module',
        lambda: unittest.TestProgram(module=None, argv=['x', 'sys'], exit=False,
                                     testRunner=unittest.TextTestRunner(stream=io.StringIO())).module)
