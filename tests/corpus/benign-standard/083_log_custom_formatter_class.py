# A custom Formatter subclass that adds a short level symbol.
import logging
import sys


class SymbolFormatter(logging.Formatter):
    SYMBOLS = {"DEBUG": ".", "INFO": "+", "WARNING": "!", "ERROR": "x"}

    def format(self, record):
        record.symbol = self.SYMBOLS.get(record.levelname, "?")
        return super().format(record)


handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(SymbolFormatter("%(symbol)s %(message)s"))
log = logging.getLogger("build")
log.addHandler(handler)
log.setLevel(logging.DEBUG)
log.propagate = False

steps = {"compile": True, "test": True, "lint": False, "package": True}
for step, ok in steps.items():
    log.debug("starting %s", step)
    if ok:
        log.info("%s passed", step)
    else:
        log.error("%s failed", step)
log.warning("%d of %d steps failed", sum(not ok for ok in steps.values()), len(steps))
