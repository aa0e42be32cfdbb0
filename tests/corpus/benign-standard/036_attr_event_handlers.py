# Route events to handle_<kind> methods, with a fallback for unknown kinds.
class OrderProcessor:
    def __init__(self):
        self.total = 0
        self.log = []

    def handle_created(self, event):
        self.total += event["amount"]
        self.log.append(f"created #{event['id']}")

    def handle_refunded(self, event):
        self.total -= event["amount"]
        self.log.append(f"refunded #{event['id']}")

    def handle_default(self, event):
        self.log.append(f"ignored {event['kind']} #{event['id']}")

    def dispatch(self, event):
        method = getattr(self, "handle_" + event["kind"], self.handle_default)
        method(event)


events = [
    {"id": 1, "kind": "created", "amount": 120},
    {"id": 2, "kind": "created", "amount": 80},
    {"id": 1, "kind": "shipped", "amount": 0},
    {"id": 2, "kind": "refunded", "amount": 80},
]
proc = OrderProcessor()
for e in events:
    proc.dispatch(e)
print("\n".join(proc.log))
print("net total:", proc.total)
