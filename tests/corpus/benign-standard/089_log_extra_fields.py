# Pass extra context to log records and use it in the format string.
import logging
import sys

handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s [user=%(user)s] %(message)s"))
audit = logging.getLogger("audit")
audit.addHandler(handler)
audit.setLevel(logging.INFO)
audit.propagate = False

actions = [("alice", "login", True), ("bob", "delete_report", False), ("alice", "export", True)]
for user, action, allowed in actions:
    if allowed:
        audit.info("%s allowed", action, extra={"user": user})
    else:
        audit.warning("%s denied", action, extra={"user": user})

adapter = logging.LoggerAdapter(audit, {"user": "system"})
adapter.info("nightly cleanup finished")
