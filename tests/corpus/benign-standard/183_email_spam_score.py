# Score a few messages for spamminess using simple header and body rules.
import email

MESSAGES = [
    "From: friend@example.com\nSubject: Lunch?\n\nAre we still on for lunch?\n",
    "From: WINNER <prize@lottery.example>\nSubject: YOU WON $1,000,000!!!\n\nClick here to claim your FREE prize now\n",
    "From: shop@example.com\nSubject: Your order shipped\nList-Unsubscribe: <mailto:u@example.com>\n\nTracking: 123\n",
]
RULES = [
    ("subject all caps", lambda m: m["Subject"].isupper(), 3),
    ("exclamations", lambda m: m["Subject"].count("!") >= 2, 2),
    ("money in subject", lambda m: "$" in m["Subject"], 2),
    ("free in body", lambda m: "free" in m.get_payload().lower(), 2),
    ("click here", lambda m: "click here" in m.get_payload().lower(), 1),
    ("bulk mail", lambda m: m["List-Unsubscribe"] is not None, 1),
]

for raw in MESSAGES:
    msg = email.message_from_string(raw)
    hits = [(name, pts) for name, rule, pts in RULES if rule(msg)]
    score = sum(p for _, p in hits)
    verdict = "SPAM" if score >= 5 else "ok"
    print(f"{msg['Subject'][:26]:<26} score={score} {verdict} {[n for n, _ in hits]}")
