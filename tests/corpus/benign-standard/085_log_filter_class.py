# Attach a logging.Filter that drops noisy health-check messages.
import logging
import sys


class DropHealthChecks(logging.Filter):
    def filter(self, record):
        return "/health" not in record.getMessage()


handler = logging.StreamHandler(sys.stdout)
handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
handler.addFilter(DropHealthChecks())
access = logging.getLogger("access")
access.addHandler(handler)
access.setLevel(logging.INFO)
access.propagate = False

requests = ["GET /", "GET /health", "POST /login", "GET /health", "GET /docs", "DELETE /item/3"]
for i, req in enumerate(requests):
    method, path = req.split()
    status = 204 if method == "DELETE" else 200
    access.info("%s %s -> %d", method, path, status)
print("requests handled:", len(requests))
