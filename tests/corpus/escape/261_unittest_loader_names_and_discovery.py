# technique: TestLoader.loadTestsFromName walks a dotted name with the real getattr (a dunder built at run time) or imports it when no module is given; discover() imports modules from files
# source: unittest.TestLoader.loadTestsFromName, loadTestsFromNames, discover (Python docs)
# request: {"capabilities": ["files"], "files": [{"path": "test_x.py", "content": "import os\nX = os\n"}]}
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import unittest

u = '_' * int('2')
loader = unittest.TestLoader()


def dump(suite):
    # a failed lookup becomes a test whose error holds what was reached
    return [t for t in suite]


attempt('loadTestsFromName(dunder globals, getattr)',
        lambda: dump(loader.loadTestsFromName(u + 'globals' + u, getattr)))
attempt('loadTestsFromName("sys") without a module', lambda: dump(loader.loadTestsFromName('sys')))
attempt('loadTestsFromNames(["os.system"])', lambda: dump(loader.loadTestsFromNames(['os.system'])))
attempt('discover(".")', lambda: dump(loader.discover('.')))
attempt('unittest.main(defaultTest=...)',
        lambda: unittest.main(module=None, defaultTest='sys.modules', argv=['x'], exit=False).test)
