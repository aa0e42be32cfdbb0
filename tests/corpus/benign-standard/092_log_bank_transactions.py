# Process bank transactions, logging rejected ones to a buffer for the final report.
import io
import logging

report = io.StringIO()
handler = logging.StreamHandler(report)
handler.setFormatter(logging.Formatter("%(levelname)s:%(message)s"))
log = logging.getLogger("bank")
log.setLevel(logging.INFO)
log.addHandler(handler)
log.propagate = False

balances = {"A": 100, "B": 50}
txns = [("A", "B", 30), ("B", "A", 200), ("A", "C", 10), ("B", "A", 80), ("A", "B", -5)]
for src, dst, amount in txns:
    if amount <= 0:
        log.error("invalid amount %d", amount)
    elif dst not in balances:
        log.warning("unknown account %s", dst)
    elif balances[src] < amount:
        log.warning("insufficient funds in %s for %d", src, amount)
    else:
        balances[src] -= amount
        balances[dst] += amount
        log.info("moved %d from %s to %s", amount, src, dst)

print("balances:", balances)
print("--- log ---")
print(report.getvalue(), end="")
