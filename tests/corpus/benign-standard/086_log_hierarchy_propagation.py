# Show logger hierarchy: child loggers propagate records to a parent handler.
import io
import logging

stream = io.StringIO()
parent = logging.getLogger("app")
parent.setLevel(logging.INFO)
handler = logging.StreamHandler(stream)
handler.setFormatter(logging.Formatter("%(name)s|%(levelname)s|%(message)s"))
parent.addHandler(handler)
parent.propagate = False

db = logging.getLogger("app.db")
api = logging.getLogger("app.api")
api_v2 = logging.getLogger("app.api.v2")

db.info("connected")
api.info("routes loaded: %d", 12)
api_v2.warning("deprecated endpoint used")
db.debug("query plan ...")  # below the parent's level
api.setLevel(logging.ERROR)
api_v2.warning("this is suppressed by app.api's level")

print("child parent:", api_v2.parent.name)
print("effective level of app.api.v2:", logging.getLevelName(api_v2.getEffectiveLevel()))
print(stream.getvalue(), end="")
