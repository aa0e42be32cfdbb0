# Parse with the modern policy to get structured address headers.
import email
from email import policy

RAW = """From: "Lee, Pat" <pat.lee@example.com>
To: dev-team@example.com, Ops <ops@example.com>
Subject: Deploy window
Content-Type: text/plain; charset=utf-8

Deploy at 14:00 UTC.
"""

msg = email.message_from_string(RAW, policy=policy.default)
frm = msg["From"]
print("display name:", frm.addresses[0].display_name)
print("username/domain:", frm.addresses[0].username, frm.addresses[0].domain)
for addr in msg["To"].addresses:
    print(f"to: {addr.addr_spec:<20} name={addr.display_name!r}")
print("body:", msg.get_body(preferencelist=("plain",)).get_content().strip())
