# Collect and deduplicate all recipients from To/Cc headers.
import email
from email.utils import getaddresses

RAW = """From: boss@example.com
To: Ann <ann@example.com>, bob@example.com
Cc: "Carol C." <carol@example.com>, ann@example.com, Dave <DAVE@example.com>
Subject: Planning

Agenda to follow.
"""

msg = email.message_from_string(RAW)
pairs = getaddresses(msg.get_all("To", []) + msg.get_all("Cc", []))
unique = {}
for name, addr in pairs:
    key = addr.lower()
    if key not in unique or (name and not unique[key]):
        unique[key] = name
print("total listed:", len(pairs))
print("unique recipients:", len(unique))
for addr in sorted(unique):
    print(f"  {addr:<20} {unique[addr] or '(no name)'}")
